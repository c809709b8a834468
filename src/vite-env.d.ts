/// <reference types="vite/client" />

// A language's texts of the screens before sign-in (vite.config.ts, loginTexts).
declare module '*.json?login' {
  const texts: Record<string, object>;
  export default texts;
}
