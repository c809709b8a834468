import type { ReactNode } from 'react';

export function StatusPage({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-6 text-foreground" data-testid={testId}>
      <section className="w-full max-w-lg rounded-xl border bg-card p-8 text-center text-card-foreground shadow-lg">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-primary">{icon}</div>
        <h1 className="mb-3 text-2xl font-semibold">{title}</h1>
        <div className="space-y-2 text-muted-foreground">{children}</div>
      </section>
    </main>
  );
}
