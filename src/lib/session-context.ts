import { createActorContext } from '@xstate/react';
import { appSessionMachine } from './session-machine';

/** The one session actor of the app; screens read it with useSelector and talk to it with send. */
export const SessionContext = createActorContext(appSessionMachine);
