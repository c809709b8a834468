import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { exclusionKinds, exclusionPeriods, exclusionReasons, type Exclusion, type ExclusionPeriod } from '@contract/exclusion.contract';
import { useCall, useCallMutation } from '@/api/queries';
import { AccountNotFound } from '@/components/account-not-found';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useCommands } from '@/hooks/use-command-context';

/** The exclusion in force, as a line: its kind, reason and end (or permanent), and who set it. */
function InForce({ exclusion }: { exclusion: Exclusion }) {
  const { t } = useTranslation();
  const until = exclusion.until === null ? t('exclusion.permanent') : new Date(exclusion.until).toLocaleString();
  return (
    <p data-testid="exclusion-in-force" className="rounded-md border p-3 text-sm">
      {t('exclusion.inForce', {
        kind: t(`exclusion.kind.${exclusion.kind}`),
        reason: t(`exclusion.reason.${exclusion.reason}`),
        until,
        setBy: exclusion.setByLogin,
      })}
      {exclusion.note ? ` — ${exclusion.note}` : ''}
    </p>
  );
}

/**
 * /memberExclusion/index/:userId: a member's time-out or self-exclusion (the period, the kind,
 * the reason and a note), set or changed, and lifted; the gateway decides who may shorten or lift.
 */
export default function MemberExclusionScreen() {
  const { t } = useTranslation();
  const { userId = '' } = useParams<{ userId: string }>();
  const commands = useCommands();
  const { data: member, isError } = useCall('gw.credit.user.profile', { userId });
  const [period, setPeriod] = useState<ExclusionPeriod>('24h');
  const [kind, setKind] = useState<(typeof exclusionKinds)[number]>('time-out');
  const [reason, setReason] = useState<(typeof exclusionReasons)[number]>('member-request');
  const [note, setNote] = useState('');
  const set = useCallMutation('gw.credit.user.exclusion.set', {
    onSuccess: (result) => commands.report({ ok: true, message: t(`exclusion.done.${result.change}`) }),
  });
  const lift = useCallMutation('gw.credit.user.exclusion.lift', {
    onSuccess: () => commands.report({ ok: true, message: t('exclusion.done.lifted') }),
  });
  const back = { href: '/account/index', label: t('route.accounts') };

  if (isError && !member) return <AccountNotFound testId="member-exclusion-screen" title={t('route.memberExclusion')} back={back} />;
  if (!member) return <p role="status">{t('app.loading')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({ userId, period, kind, reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <section className="max-w-2xl space-y-6" data-testid="member-exclusion-screen">
      <div className="flex flex-wrap items-center gap-3">
        <Link href={back.href} className="text-muted-foreground hover:text-foreground" aria-label={t('edit.back')}>
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-semibold">
          {t('route.memberExclusion')}: <span data-testid="exclusion-login-id">{member.loginId}</span>
        </h1>
      </div>
      {member.exclusion ? <InForce exclusion={member.exclusion} /> : <p className="text-sm">{t('exclusion.none')}</p>}
      <form className="grid gap-4" onSubmit={submit}>
        <div className="grid gap-1">
          <Label htmlFor="exclusion-period">{t('exclusion.period')}</Label>
          <NativeSelect id="exclusion-period" value={period} onChange={(event) => setPeriod(event.target.value as ExclusionPeriod)}>
            {exclusionPeriods.map((value) => (
              <option key={value} value={value}>
                {t(`exclusion.periods.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="exclusion-kind">{t('exclusion.kindLabel')}</Label>
          <NativeSelect id="exclusion-kind" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)}>
            {exclusionKinds.map((value) => (
              <option key={value} value={value}>
                {t(`exclusion.kind.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="exclusion-reason">{t('exclusion.reasonLabel')}</Label>
          <NativeSelect id="exclusion-reason" value={reason} onChange={(event) => setReason(event.target.value as typeof reason)}>
            {exclusionReasons.map((value) => (
              <option key={value} value={value}>
                {t(`exclusion.reason.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="exclusion-note">{t('exclusion.note')}</Label>
          <Textarea id="exclusion-note" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={set.isPending}>
            {t(member.exclusion ? 'exclusion.change' : 'exclusion.set')}
          </Button>
          {member.exclusion ? (
            <Button type="button" variant="outline" disabled={lift.isPending} onClick={() => lift.mutate({ userId })}>
              {t('exclusion.lift')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
