/** A timestamp as the wire carries it: ISO 8601 in UTC. Drivers hand back Date or text. */
export const iso = (value: Date | string): string => new Date(value).toISOString();
