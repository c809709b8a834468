import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isMemberLevel } from '../../../contract/account-fields.contract';
import type { ResultOf } from '../../../contract/methods.contract';
import { newRequestKey } from '../../../machines/request-key';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { GatewayError, call } from '@/api/gateway-client';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { showError } from '@/lib/error-toast';
import { confirmProblem, digitsOnly, loginIdProblem, safeCodeProblem } from '@/lib/form-rules';
import { amountProblem, percentProblem, fieldProblemOf, ruleMessageKey } from '@/lib/number-rules';
import { newPasswordProblem } from '@/lib/password-rules';
import { SessionContext } from '@/lib/session-context';
import { cn } from '@/lib/utils';
import { useFormat } from '@/hooks/use-format';
import { AddBatchForm } from './add-batch-form';
import {
  allGameSettings,
  gameSettingsProblems,
  GameSettingsFields,
  newChildGameSettings,
  serverGameProblems,
  withEdits,
  editsAfter,
  type GameSettingEdits,
} from './game-settings-fields';

type Field =
  | 'loginId'
  | 'nickname'
  | 'password'
  | 'confirmPassword'
  | 'safeCode'
  | 'pointLimit'
  | 'agentCommisionRate'
  | 'validAmountRate'
  | 'name'
  | 'phone'
  | 'wechat';

/** /add/index: a direct child of the signed-in account (an agent below levels 0-3, a member below an agent). */
export default function AddAccountScreen() {
  const { mode } = useParams<{ mode?: string }>();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const addsMembers = profile ? isMemberLevel(profile.level + 1) : false;
  if (addsMembers && mode === 'batch') {
    return (
      <AddScreenFrame batch>
        <AddBatchForm />
      </AddScreenFrame>
    );
  }
  return (
    <AddScreenFrame batch={false}>
      <AddOneForm />
    </AddScreenFrame>
  );
}

/** Title, explanation and (for agents adding members) the one / many switch. */
function AddScreenFrame({ batch, children }: { batch: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const addsMembers = profile ? isMemberLevel(profile.level + 1) : false;
  return (
    <section className="max-w-3xl space-y-4" data-testid="add-account-screen">
      <h1 className="text-xl font-semibold">{batch ? t('batch.title') : addsMembers ? t('add.titleMember') : t('add.titleAgent')}</h1>
      {addsMembers ? (
        <nav aria-label={t('batch.modes')} className="flex w-fit rounded-md border p-0.5">
          <Link
            href="/add/index"
            className={cn('rounded px-3 py-1 text-sm', !batch && 'bg-primary text-primary-foreground')}
            aria-current={!batch ? 'page' : undefined}
          >
            {t('add.titleMember')}
          </Link>
          <Link
            href="/add/index/batch"
            className={cn('rounded px-3 py-1 text-sm', batch && 'bg-primary text-primary-foreground')}
            aria-current={batch ? 'page' : undefined}
            data-testid="add-batch-tab"
          >
            {t('batch.title')}
          </Link>
        </nav>
      ) : null}
      <p className="text-sm text-muted-foreground" data-testid="add-explain">
        {batch ? t('batch.explain') : addsMembers ? t('add.explainMember') : t('add.explainAgent')}
      </p>
      {children}
    </section>
  );
}

function AddOneForm() {
  const { t } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const addsMembers = profile ? isMemberLevel(profile.level + 1) : false;
  const [values, setValues] = useState<Record<Field, string>>({
    loginId: '',
    nickname: '',
    password: '',
    confirmPassword: '',
    safeCode: '0000',
    pointLimit: '',
    agentCommisionRate: '',
    validAmountRate: addsMembers ? '0' : '',
    name: '',
    phone: '',
    wechat: '',
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ field: string; rule: string } | null>(null);
  // One key per attempt at these values: a retry after a lost answer never adds twice.
  const requestKey = useRef(newRequestKey());

  const parentMax = {
    pointLimit: profile?.pointLimit ?? '0.00',
    agentCommisionRate: profile?.agentCommisionRate ?? 0,
    validAmountRate: profile?.validAmountRate ?? 0,
  };
  const shownMax = (field: string) =>
    field === 'pointLimit' ? format.amount(parentMax.pointLimit) : parentMax[field as keyof typeof parentMax];
  const numberProblem = (field: 'pointLimit' | 'agentCommisionRate' | 'validAmountRate') =>
    field === 'pointLimit'
      ? amountProblem(values.pointLimit, { max: profile?.pointLimit ?? '0' })
      : percentProblem(values[field], { max: parentMax[field] });
  const [gameEdits, setGameEdits] = useState<GameSettingEdits>({});
  const games = withEdits(
    newChildGameSettings(profile?.gameSettings, {
      pointLimit: values.pointLimit,
      agentCommisionRate: addsMembers ? '0' : values.agentCommisionRate,
      validAmountRate: values.validAmountRate,
    }),
    gameEdits,
  );
  const [presets, setPresets] = useState<ResultOf<'gw.credit.limitation.list'>['list']>([]);
  useEffect(() => {
    call('gw.credit.limitation.list', {}).then(
      (answer) => setPresets(answer.list),
      () => undefined,
    );
  }, []);
  const gameProblems = gameSettingsProblems(games, profile?.gameSettings);
  const problems: Partial<Record<Field, string | null>> = {
    loginId: values.loginId.trim() === '' ? 'add.loginIdRequired' : loginIdProblem(values.loginId),
    nickname: values.nickname.trim().length < 4 || values.nickname.trim().length > 16 ? 'validation.nickname' : null,
    password: newPasswordProblem(values.password),
    confirmPassword: confirmProblem(values.password, values.confirmPassword),
    safeCode: safeCodeProblem(values.safeCode),
    pointLimit: numberProblem('pointLimit'),
    agentCommisionRate: addsMembers ? null : numberProblem('agentCommisionRate'),
    validAmountRate: numberProblem('validAmountRate'),
  };
  const message = (field: Field) => {
    if (serverProblem?.field === field) return t(ruleMessageKey(serverProblem.rule), { max: shownMax(field) });
    const key = touched ? problems[field] : null;
    return key ? t(key, { max: shownMax(field) }) : null;
  };
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblem(null);
    requestKey.current = newRequestKey();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean) || Object.keys(gameProblems).length > 0) return;
    setBusy(true);
    const common = {
      loginId: values.loginId.trim(),
      nickname: values.nickname.trim(),
      password: values.password,
      safeCode: values.safeCode,
      pointLimit: values.pointLimit.trim(),
      validAmountRate: values.validAmountRate.trim(),
      requestKey: requestKey.current,
      gameSettings: allGameSettings(games),
      ...(values.name.trim() ? { name: values.name.trim() } : {}),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      ...(values.wechat.trim() ? { wechat: values.wechat.trim() } : {}),
    };
    try {
      if (addsMembers) await call('gw.credit.user.add', common);
      else await call('gw.credit.agent.add', { ...common, agentCommisionRate: values.agentCommisionRate.trim() });
      toast(t('add.done', { loginId: common.loginId }), { variant: 'success' });
      navigate('/account/index');
    } catch (error) {
      setServerProblem(fieldProblemOf(error));
      showError(error instanceof GatewayError ? error.code : 1, t);
    } finally {
      setBusy(false);
    }
  }

  const input = (
    field: Field,
    props: { type?: string; inputMode?: 'numeric' | 'decimal'; autoComplete?: string; maxLength?: number } = {},
  ) => (
    <Input
      id={`add-${field}`}
      value={values[field]}
      onChange={(e) => set(field, field === 'safeCode' ? digitsOnly(e.target.value) : e.target.value)}
      aria-invalid={Boolean(message(field))}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="add-loginId" label={t('add.loginId')} problem={message('loginId')}>
        {input('loginId', { autoComplete: 'off', maxLength: 16 })}
      </FormField>
      <FormField id="add-nickname" label={t('accounts.column.nickname')} problem={message('nickname')}>
        {input('nickname', { maxLength: 16 })}
      </FormField>
      <FormField
        id="add-password"
        label={t('add.password')}
        problem={message('password')}
        hint={<p className="text-xs text-muted-foreground">{t('password.rules')}</p>}
      >
        {input('password', { type: 'password', autoComplete: 'new-password' })}
      </FormField>
      <FormField id="add-confirmPassword" label={t('add.confirmPassword')} problem={message('confirmPassword')}>
        {input('confirmPassword', { type: 'password', autoComplete: 'new-password' })}
      </FormField>
      <FormField id="add-safeCode" label={t('add.safeCode')} problem={message('safeCode')}>
        {input('safeCode', { inputMode: 'numeric', maxLength: 4 })}
      </FormField>
      <FormField
        id="add-pointLimit"
        label={t('accounts.column.pointLimit')}
        problem={message('pointLimit')}
        hint={<p className="text-xs text-muted-foreground">{t('add.atMost', { max: format.amount(parentMax.pointLimit) })}</p>}
      >
        {input('pointLimit', { inputMode: 'decimal' })}
      </FormField>
      {addsMembers ? null : (
        <FormField
          id="add-agentCommisionRate"
          label={`${t('profile.commission')} (%)`}
          problem={message('agentCommisionRate')}
          hint={<p className="text-xs text-muted-foreground">{t('add.atMost', { max: `${parentMax.agentCommisionRate}%` })}</p>}
        >
          {input('agentCommisionRate', { inputMode: 'decimal' })}
        </FormField>
      )}
      <FormField
        id="add-validAmountRate"
        label={`${t('profile.washCode')} (%)`}
        problem={message('validAmountRate')}
        hint={<p className="text-xs text-muted-foreground">{t('add.atMost', { max: `${parentMax.validAmountRate}%` })}</p>}
      >
        {input('validAmountRate', { inputMode: 'decimal' })}
      </FormField>
      <FormField id="add-name" label={t('add.name')}>
        {input('name', { maxLength: 32 })}
      </FormField>
      <FormField id="add-phone" label={t('add.phone')}>
        {input('phone', { maxLength: 32 })}
      </FormField>
      <FormField id="add-wechat" label={t('add.wechat')}>
        {input('wechat', { maxLength: 64 })}
      </FormField>
      <GameSettingsFields
        value={games}
        parent={profile?.gameSettings}
        presets={presets}
        problems={touched ? gameProblems : serverGameProblems(serverProblem)}
        ratesLocked={false}
        onChange={(next) => {
          setGameEdits((edits) => editsAfter(edits, games, next));
          setServerProblem(null);
          requestKey.current = newRequestKey();
        }}
      />
      <p className="text-xs text-muted-foreground sm:col-span-2" data-testid="add-game-hint">
        {addsMembers ? t('add.gameHintMember') : t('add.gameHint')}
      </p>
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid="add-submit">
          {busy ? t('password.saving') : t('add.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={() => navigate('/account/index')}>
          {t('logout.cancel')}
        </Button>
      </div>
    </form>
  );
}
