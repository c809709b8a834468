import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { MAX_BATCH_MEMBERS, jobMethods } from '@contract/job.contract';
import { amountAtMost, confirmation, filled, percentAtMost } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useContractForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { useJob } from '@/hooks/use-job';
import { SessionContext } from '@/lib/session-context';
import { useFormat } from '@/hooks/use-format';
import { JobProgress } from './job-progress';
import { NewAccountFields } from './new-account-fields';

const batch = jobMethods['gw.credit.user.add.batch'].params.shape;

/** The name of member n of a batch, as the gateway makes it: prefix and at least 3 digits. */
export function batchName(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(3, '0')}`;
}

const START = /^[1-9][0-9]{0,3}$/;
const COUNT = /^[1-9][0-9]*$/;
const countOk = (count: string) => COUNT.test(count) && Number(count) <= MAX_BATCH_MEMBERS;

/** "Add multiple players": up to 100 members as one background job, with its progress and outcome. */
export function AddBatchForm() {
  const { t } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const [jobId, setJobId] = useState<string | null>(null);
  const [sent, setSent] = useState({ prefix: '', start: 1, count: 0 });
  const { job } = useJob(jobId);
  const schema = useMemo(
    () =>
      z
        .object({
          prefix: batch.prefix,
          start: z.string().regex(START, 'batch-start'),
          count: z.string().refine(countOk, 'batch-count'),
          password: filled(batch.password, 'password-required'),
          confirmPassword: z.string(),
          pointLimit: amountAtMost(profile?.pointLimit ?? '0'),
          validAmountRate: percentAtMost(profile?.validAmountRate ?? 0),
        })
        .superRefine(...confirmation('password', 'confirmPassword')),
    [profile?.pointLimit, profile?.validAmountRate],
  );
  const { form, submit, pending } = useContractForm({
    method: 'gw.credit.user.add.batch',
    schema,
    defaultValues: {
      prefix: '',
      start: '1',
      count: '10',
      password: '',
      confirmPassword: '',
      pointLimit: '',
      validAmountRate: '0',
    },
    toParams: (values) => ({
      prefix: values.prefix,
      start: Number(values.start),
      count: Number(values.count),
      password: values.password,
      pointLimit: values.pointLimit.trim(),
      validAmountRate: values.validAmountRate.trim(),
    }),
    onSuccess: (answer, values) => {
      setSent({ prefix: values.prefix, start: Number(values.start), count: Number(values.count) });
      setJobId(answer.jobId);
    },
  });
  const [prefix, startText, countText] = form.watch(['prefix', 'start', 'count']);
  const start = Number(startText);
  const count = Number(countText);
  const maxOf = {
    pointLimit: format.amount(profile?.pointLimit ?? ''),
    validAmountRate: `${profile?.validAmountRate ?? 0}%`,
  };

  if (jobId) {
    const finished = job?.status === 'done' || job?.status === 'failed';
    return (
      <section className="space-y-4" aria-labelledby="batch-progress-title" data-testid="batch-progress">
        <h2 id="batch-progress-title" className="font-medium">
          {t('batch.progressTitle', {
            first: batchName(sent.prefix, sent.start),
            last: batchName(sent.prefix, sent.start + sent.count - 1),
          })}
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
              form.reset(form.getValues());
            }}
          >
            {t('batch.again')}
          </Button>
        </div>
      </section>
    );
  }

  const preview =
    batch.prefix.safeParse(prefix).success && START.test(startText) && countOk(countText)
      ? t('batch.preview', { first: batchName(prefix, start), last: batchName(prefix, start + count - 1), count })
      : t('batch.previewEmpty');

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="batch-form">
      <TextField form={form} name="prefix" id="batch-prefix" label={t('batch.prefix')} autoComplete="off" maxLength={12} />
      <div className="grid grid-cols-2 gap-4">
        <TextField form={form} name="start" id="batch-start" label={t('batch.start')} inputMode="numeric" maxLength={4} digits />
        <TextField form={form} name="count" id="batch-count" label={t('batch.count')} inputMode="numeric" maxLength={3} digits />
      </div>
      <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="batch-preview" aria-live="polite">
        {preview}
      </p>
      <NewAccountFields form={form} idPrefix="batch" maxPointLimit={maxOf.pointLimit} withSafeCode={false} />
      <TextField
        form={form}
        name="validAmountRate"
        id="batch-validAmountRate"
        label={`${t('profile.washCode')} (%)`}
        hint={t('add.atMost', { max: maxOf.validAmountRate })}
        messageValues={{ max: maxOf.validAmountRate }}
        inputMode="decimal"
      />
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending} data-testid="batch-submit">
          {pending ? t('password.saving') : t('batch.submit', { count: Number.isFinite(count) ? count : 0 })}
        </Button>
      </div>
    </form>
  );
}
