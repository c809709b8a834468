import { z } from 'zod';
import { defineMethod } from './method.contract';

export const discoveryMethods = {
  'rpc.discover': defineMethod({
    summary: 'The OpenRPC document of this gateway (the same as GET /api/openrpc.json)',
    params: z.object({}),
    result: z.record(z.string(), z.unknown()),
    auth: 'public',
    effect: 'read',
    openWhileClosed: true,
    errors: [],
  }),
};
