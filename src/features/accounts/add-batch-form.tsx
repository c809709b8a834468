import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MAX_BATCH_MEMBERS } from '../../../contract/job.contract';
import { newRequestKey } from '../../../machines/request-key';
import { GatewayError, call } from '@/api/gateway-client';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useJob } from '@/hooks/use-job';
import { showError } from '@/lib/error-toast';
import { confirmProblem, digitsOnly, safeCodeProblem } from '@/lib/form-rules';
import { amountProblem, percentProblem, fieldProblemOf, ruleMessageKey } from '@/lib/number-rules';
import { newPasswordProblem } from '@/lib/password-rules';
import { SessionContext } from '@/lib/session-context';
import { useFormat } from '@/hooks/use-format';
import { JobProgress } from './job-progress';

type Field = 'prefix' | 'start' | 'count' | 'password' | 'confirmPassword' | 'safeCode' | 'pointLimit' | 'validAmountRate';

/** The name of member n of a batch, as the gateway makes it: prefix and at least 3 digits. */
export function batchName(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(3, '0')}`;
}

/** "Add multiple players": up to 100 members as one background job, with its progress and outcome. */
export function AddBatchForm() {
  const { t } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const [values, setValues] = useState<Record<Field, string>>({
    prefix: '',
    start: '1',
    count: '10',
    password: '',
    confirmPassword: '',
    safeCode: '0000',
    pointLimit: '',
    validAmountRate: '0',
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<{ field: string; rule: string } | null>(null);
  const requestKey = useRef(newRequestKey());
  const { job } = useJob(jobId);

  const count = Number(values.count);
  const start = Number(values.start);
  const problems: Record<Field, string | null> = {
    prefix: /^[A-Za-z0-9_-]{1,12}$/.test(values.prefix) ? null : 'batch.prefixRule',
    start: /^[1-9][0-9]{0,3}$/.test(values.start) ? null : 'batch.startRule',
    count: /^[1-9][0-9]*$/.test(values.count) && count <= MAX_BATCH_MEMBERS ? null : 'batch.countRule',
    password: newPasswordProblem(values.password),
    confirmPassword: confirmProblem(values.password, values.confirmPassword),
    safeCode: safeCodeProblem(values.safeCode),
    pointLimit: amountProblem(values.pointLimit, { max: profile?.pointLimit ?? '0' }),
    validAmountRate: percentProblem(values.validAmountRate, { max: profile?.validAmountRate ?? 0 }),
  };
  const maxOf: Partial<Record<Field, string>> = {
    pointLimit: format.amount(profile?.pointLimit ?? ''),
    validAmountRate: `${profile?.validAmountRate ?? 0}%`,
  };
  const message = (field: Field) => {
    if (serverProblem?.field === field) return t(ruleMessageKey(serverProblem.rule), { max: maxOf[field] ?? '' });
    const key = touched ? problems[field] : null;
    return key ? t(key, { max: maxOf[field] ?? '', count: MAX_BATCH_MEMBERS }) : null;
  };
  const set = (field: Field, value: string) => {
    setValues((current) => ({
      ...current,
      [field]: field === 'start' || field === 'count' || field === 'safeCode' ? digitsOnly(value) : value,
    }));
    setServerProblem(null);
    requestKey.current = newRequestKey();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    try {
      const answer = await call('gw.credit.user.add.batch', {
        prefix: values.prefix,
        start,
        count,
        password: values.password,
        safeCode: values.safeCode,
        pointLimit: values.pointLimit.trim(),
        validAmountRate: values.validAmountRate.trim(),
        requestKey: requestKey.current,
      });
      setJobId(answer.jobId);
    } catch (error) {
      setServerProblem(fieldProblemOf(error));
      showError(error instanceof GatewayError ? error.code : 1, t);
    } finally {
      setBusy(false);
    }
  }

  if (jobId) {
    const finished = job?.status === 'done' || job?.status === 'failed';
    return (
      <section className="space-y-4" aria-labelledby="batch-progress-title" data-testid="batch-progress">
        <h2 id="batch-progress-title" className="font-medium">
          {t('batch.progressTitle', { first: batchName(values.prefix, start), last: batchName(values.prefix, start + count - 1) })}
        </h2>
        <JobProgress job={job} />
        <div className="flex gap-2">
          <Button type="button" disabled={!finished} onClick={() => navigate('/account/index')} data-testid="batch-to-list">
            {t('batch.toList')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!finished}
            onClick={() => {
              setJobId(null);
              setTouched(false);
              requestKey.current = newRequestKey();
            }}
          >
            {t('batch.again')}
          </Button>
        </div>
      </section>
    );
  }

  const input = (
    field: Field,
    props: { type?: string; inputMode?: 'numeric' | 'decimal'; autoComplete?: string; maxLength?: number } = {},
  ) => (
    <Input
      id={`batch-${field}`}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      aria-invalid={Boolean(message(field))}
      {...props}
    />
  );
  const preview =
    !problems.prefix && !problems.start && !problems.count
      ? t('batch.preview', { first: batchName(values.prefix, start), last: batchName(values.prefix, start + count - 1), count })
      : t('batch.previewEmpty');

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="batch-form">
      <FormField id="batch-prefix" label={t('batch.prefix')} problem={message('prefix')}>
        {input('prefix', { autoComplete: 'off', maxLength: 12 })}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="batch-start" label={t('batch.start')} problem={message('start')}>
          {input('start', { inputMode: 'numeric', maxLength: 4 })}
        </FormField>
        <FormField id="batch-count" label={t('batch.count')} problem={message('count')}>
          {input('count', { inputMode: 'numeric', maxLength: 3 })}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="batch-preview" aria-live="polite">
        {preview}
      </p>
      <FormField
        id="batch-password"
        label={t('add.password')}
        problem={message('password')}
        hint={<p className="text-xs text-muted-foreground">{t('password.rules')}</p>}
      >
        {input('password', { type: 'password', autoComplete: 'new-password' })}
      </FormField>
      <FormField id="batch-confirmPassword" label={t('add.confirmPassword')} problem={message('confirmPassword')}>
        {input('confirmPassword', { type: 'password', autoComplete: 'new-password' })}
      </FormField>
      <FormField id="batch-safeCode" label={t('add.safeCode')} problem={message('safeCode')}>
        {input('safeCode', { inputMode: 'numeric', maxLength: 4 })}
      </FormField>
      <FormField
        id="batch-pointLimit"
        label={t('accounts.column.pointLimit')}
        problem={message('pointLimit')}
        hint={<p className="text-xs text-muted-foreground">{t('add.atMost', { max: maxOf.pointLimit })}</p>}
      >
        {input('pointLimit', { inputMode: 'decimal' })}
      </FormField>
      <FormField
        id="batch-validAmountRate"
        label={`${t('profile.washCode')} (%)`}
        problem={message('validAmountRate')}
        hint={<p className="text-xs text-muted-foreground">{t('add.atMost', { max: maxOf.validAmountRate })}</p>}
      >
        {input('validAmountRate', { inputMode: 'decimal' })}
      </FormField>
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid="batch-submit">
          {busy ? t('password.saving') : t('batch.submit', { count: Number.isFinite(count) ? count : 0 })}
        </Button>
      </div>
    </form>
  );
}
