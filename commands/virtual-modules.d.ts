/** Built from the contract by vite.config.ts (methodAccessTable): commands/can.ts gives it its type. */
declare module 'virtual:method-access' {
  const table: Record<string, unknown>;
  export default table;
}
