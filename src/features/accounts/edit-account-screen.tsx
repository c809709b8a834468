import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { ResultOf } from '../../../contract/methods.contract';
import { newRequestKey } from '../../../machines/request-key';
import { rowActionsFor, runAccountAction } from '../../../commands/account-actions.commands';
import { GatewayError, call } from '@/api/gateway-client';
import { AccountNotFound } from '@/components/account-not-found';
import { FormField } from '@/components/form-field';
import { isMemberLevel } from '../../../contract/account-fields.contract';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useCommands } from '@/hooks/use-command-context';
import { onAccountsChanged } from '@/lib/confirm';
import { showError } from '@/lib/error-toast';
import { confirmProblem, digitsOnly } from '@/lib/form-rules';
import { amountProblem, percentProblem, fieldProblemOf, ruleMessageKey } from '@/lib/number-rules';
import { newPasswordProblem } from '@/lib/password-rules';
import { SessionContext } from '@/lib/session-context';
import { useFormat } from '@/hooks/use-format';
import {
  changedGameSettings,
  gameSettingsProblems,
  gameSettingsValue,
  GameSettingsFields,
  serverGameProblems,
  type GameSettingsValue,
} from './game-settings-fields';

type Profile = ResultOf<'gw.credit.user.profile'>;
type Preset = ResultOf<'gw.credit.limitation.list'>['list'][number];
type AreaCode = ResultOf<'gw.credit.user.area.code.get'>['list'][number];
const textFields = ['nickname', 'name', 'phone', 'tel', 'wechat', 'pointLimit', 'agentCommisionRate', 'validAmountRate', 'maxWin'] as const;
type Field = (typeof textFields)[number];

function valuesOf(profile: Profile): Record<Field, string> {
  return {
    nickname: profile.nickname,
    name: profile.name,
    phone: profile.phone,
    tel: profile.tel,
    wechat: profile.wechat,
    pointLimit: profile.pointLimit,
    agentCommisionRate: String(profile.agentCommisionRate),
    validAmountRate: String(profile.validAmountRate),
    maxWin: profile.maxWin,
  };
}

function regionName(region: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** /editAccount/index/:userId: a direct child's profile, limits, rates and game settings; its password; its actions. */
export default function EditAccountScreen() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { userId = '' } = useParams<{ userId: string }>();
  const commands = useCommands();
  const me = SessionContext.useSelector((state) => state.context.profile);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<number | null>(null);
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [games, setGames] = useState<GameSettingsValue | null>(null);
  const [ratesLocked, setRatesLocked] = useState(false);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [areaCodes, setAreaCodes] = useState<AreaCode[]>([]);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ field: string; rule: string } | null>(null);
  const requestKey = useRef(newRequestKey());

  const load = useCallback(async () => {
    try {
      const [next, allow] = await Promise.all([
        call('gw.credit.user.profile', { userId }),
        call('gw.credit.user.rate.modify.allow', { userId }),
      ]);
      setProfile(next);
      setValues(valuesOf(next));
      setGames(gameSettingsValue(next.gameSettings));
      setRatesLocked(!allow.allowed);
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof GatewayError ? error.code : 1);
    }
  }, [userId]);

  useEffect(() => {
    void load();
    call('gw.credit.limitation.list', {}).then(
      (answer) => setPresets(answer.list),
      () => undefined,
    );
    call('gw.credit.user.area.code.get', {}).then(
      (answer) => setAreaCodes(answer.list),
      () => undefined,
    );
    return onAccountsChanged(() => void load());
  }, [load]);

  useEffect(() => {
    if (loadError !== null) showError(loadError, t);
  }, [loadError, t]);

  const isMember = profile ? isMemberLevel(profile.level) : false;
  const original = useMemo(
    () => (profile ? { values: valuesOf(profile), games: gameSettingsValue(profile.gameSettings) } : null),
    [profile],
  );
  const problems: Partial<Record<Field, string | null>> = values
    ? {
        nickname: values.nickname.trim().length < 4 || values.nickname.trim().length > 16 ? 'validation.nickname' : null,
        pointLimit: amountProblem(values.pointLimit, { max: me?.pointLimit ?? '0' }),
        agentCommisionRate: isMember ? null : percentProblem(values.agentCommisionRate, { max: me?.agentCommisionRate ?? 0 }),
        validAmountRate: percentProblem(values.validAmountRate, { max: me?.validAmountRate ?? 0 }),
        maxWin: isMember ? amountProblem(values.maxWin) : null,
      }
    : {};
  const gameProblems = games ? gameSettingsProblems(games, me?.gameSettings, original?.games) : {};
  const maxOf: Partial<Record<Field, string>> = {
    pointLimit: format.amount(me?.pointLimit ?? ''),
    agentCommisionRate: `${me?.agentCommisionRate ?? ''}%`,
    validAmountRate: `${me?.validAmountRate ?? ''}%`,
  };
  const message = (field: string) => {
    if (serverProblem?.field === field) return t(ruleMessageKey(serverProblem.rule), { max: maxOf[field as Field] ?? '' });
    const key = touched ? problems[field as Field] : null;
    return key ? t(key, { max: maxOf[field as Field] ?? '' }) : null;
  };
  const set = (field: Field, value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setServerProblem(null);
    requestKey.current = newRequestKey();
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!profile || !values || !games || !original) return;
    setTouched(true);
    if (Object.values(problems).some(Boolean) || Object.keys(gameProblems).length > 0) return;
    const changed: Record<string, unknown> = {};
    for (const field of textFields) {
      if (values[field].trim() !== original.values[field].trim()) changed[field] = values[field].trim();
    }
    const gameChanges = changedGameSettings(original.games, games);
    if (gameChanges.length > 0) changed.gameSettings = gameChanges;
    if (Object.keys(changed).length === 0) {
      toast(t('edit.nothingChanged'));
      return;
    }
    if (isMember) delete changed.agentCommisionRate;
    else delete changed.maxWin;
    setBusy(true);
    try {
      const params = { userId, requestKey: requestKey.current, ...changed };
      if (isMember) await call('gw.credit.user.profile.edit', params as never);
      else await call('gw.credit.agent.profile.edit', params as never);
      toast(t('edit.saved', { loginId: profile.loginId }), { variant: 'success' });
      requestKey.current = newRequestKey();
      await load();
    } catch (error) {
      setServerProblem(fieldProblemOf(error));
      showError(error instanceof GatewayError ? error.code : 1, t);
    } finally {
      setBusy(false);
    }
  }

  if (loadError !== null && !profile) {
    return (
      <AccountNotFound
        testId="edit-account-screen"
        title={t('route.editAccount')}
        back={{ href: '/account/index', label: t('route.accounts') }}
      />
    );
  }
  if (!profile || !values || !games) return <p role="status">{t('app.loading')}</p>;

  const actions = rowActionsFor(
    {
      level: profile.level,
      status: profile.status,
      teamStatus: profile.teamStatus,
      parentId: profile.parentId,
      betPaused: profile.betPaused,
      betStopped: profile.betStopped,
      exceptionMarked: profile.exceptionMarked,
      winBlocked: profile.winBlocked,
    },
    commands.rights,
  ).filter((action) => action.id !== 'account.edit');
  const input = (field: Field, props: { inputMode?: 'decimal'; maxLength?: number; disabled?: boolean } = {}) => (
    <Input
      id={`edit-${field}`}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      aria-invalid={Boolean(message(field))}
      {...props}
    />
  );
  const hint = (text: string) => <p className="text-xs text-muted-foreground">{text}</p>;

  return (
    <section className="max-w-5xl space-y-6" data-testid="edit-account-screen">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          href={profile.parentId && profile.parentId !== me?.userId ? `/account/index/${profile.parentId}` : '/account/index'}
          className="text-muted-foreground hover:text-foreground"
          aria-label={t('edit.back')}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-semibold">
          {t('route.editAccount')}: <span data-testid="edit-login-id">{profile.loginId}</span>
        </h1>
        <Badge variant="secondary">{t(`level.${profile.level}`)}</Badge>
        <AccountStatusBadge status={profile.status} quiet />
        {profile.exceptionMarked ? <Badge variant="warning">{t('flag.monitored')}</Badge> : null}
        {profile.betPaused || profile.betStopped ? <Badge variant="outline">{t('flag.betStopped')}</Badge> : null}
      </div>

      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('action.menuFor', { loginId: profile.loginId })}>
          {actions.map((action) => (
            <Button
              key={action.id}
              type="button"
              size="sm"
              variant="outline"
              data-action-id={action.id}
              onClick={() => void runAccountAction(commands, profile, action)}
            >
              {t(action.titleKey)}
            </Button>
          ))}
        </div>
      ) : null}

      <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2" aria-labelledby="edit-profile-title">
        <h2 id="edit-profile-title" className="font-medium sm:col-span-2">
          {t('edit.profile')}
        </h2>
        <FormField id="edit-nickname" label={t('accounts.column.nickname')} problem={message('nickname')}>
          {input('nickname', { maxLength: 16 })}
        </FormField>
        <FormField id="edit-name" label={t('add.name')}>
          {input('name', { maxLength: 32 })}
        </FormField>
        <FormField id="edit-phone" label={t('add.phone')} hint={hint(t('edit.phoneHint'))}>
          <div className="flex gap-2">
            <select
              aria-label={t('edit.areaCode')}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={areaCodes.find((area) => values.phone.startsWith(`+${area.code} `))?.code ?? ''}
              onChange={(event) =>
                set(
                  'phone',
                  event.target.value
                    ? `+${event.target.value} ${values.phone.replace(/^\+\d+\s*/, '')}`
                    : values.phone.replace(/^\+\d+\s*/, ''),
                )
              }
            >
              <option value="">{t('edit.noAreaCode')}</option>
              {areaCodes.map((area) => (
                <option key={area.region} value={area.code}>
                  {`+${area.code} ${regionName(area.region, i18n.language)}`}
                </option>
              ))}
            </select>
            {input('phone', { maxLength: 32 })}
          </div>
        </FormField>
        <FormField id="edit-tel" label={t('edit.tel')}>
          {input('tel', { maxLength: 32 })}
        </FormField>
        <FormField id="edit-wechat" label={t('add.wechat')}>
          {input('wechat', { maxLength: 64 })}
        </FormField>
        <FormField
          id="edit-pointLimit"
          label={t('accounts.column.pointLimit')}
          problem={message('pointLimit')}
          hint={hint(t('add.atMost', { max: format.amount(me?.pointLimit ?? '') }))}
        >
          {input('pointLimit', { inputMode: 'decimal' })}
        </FormField>
        {isMember ? (
          <FormField id="edit-maxWin" label={t('edit.maxWin')} problem={message('maxWin')} hint={hint(t('edit.maxWinHint'))}>
            {input('maxWin', { inputMode: 'decimal' })}
          </FormField>
        ) : (
          <FormField
            id="edit-agentCommisionRate"
            label={`${t('profile.commission')} (%)`}
            problem={message('agentCommisionRate')}
            hint={hint(t('add.atMost', { max: maxOf.agentCommisionRate }))}
          >
            {input('agentCommisionRate', { inputMode: 'decimal', disabled: ratesLocked })}
          </FormField>
        )}
        <FormField
          id="edit-validAmountRate"
          label={`${t('profile.washCode')} (%)`}
          problem={message('validAmountRate')}
          hint={hint(t('add.atMost', { max: maxOf.validAmountRate }))}
        >
          {input('validAmountRate', { inputMode: 'decimal', disabled: ratesLocked })}
        </FormField>
        {ratesLocked ? (
          <p className="text-sm text-muted-foreground sm:col-span-2" role="note">
            {t('edit.ratesLocked')}
          </p>
        ) : null}
        <GameSettingsFields
          value={games}
          parent={me?.gameSettings}
          presets={presets}
          problems={touched ? gameProblems : serverGameProblems(serverProblem)}
          ratesLocked={ratesLocked}
          onChange={(next) => {
            setGames(next);
            setServerProblem(null);
            requestKey.current = newRequestKey();
          }}
        />
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={busy} data-testid="edit-submit">
            {busy ? t('password.saving') : t('edit.save')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => profile && (setValues(valuesOf(profile)), setGames(gameSettingsValue(profile.gameSettings)), setTouched(false))}
          >
            {t('edit.reset')}
          </Button>
        </div>
      </form>

      <ResetPasswordForm userId={userId} loginId={profile.loginId} />
    </section>
  );
}

function ResetPasswordForm({ userId, loginId }: { userId: string; loginId: string }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [safeCode, setSafeCode] = useState('');
  const [touched, setTouched] = useState(false);
  const problems = {
    password: newPasswordProblem(password),
    confirm: confirmProblem(password, confirm),
    safeCode: safeCode === '' || /^\d{4}$/.test(safeCode) ? null : 'validation.safeCode',
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    const ok = await commands.confirm({
      title: t('edit.resetConfirm', { loginId }),
      description: t('edit.resetExplain'),
      action: t('edit.resetPassword'),
    });
    if (!ok) return;
    try {
      await call('gw.credit.user.password.reset', { userId, password, ...(safeCode ? { safeCode } : {}) });
      toast(t('edit.passwordReset', { loginId }), { variant: 'success' });
      setPassword('');
      setConfirm('');
      setSafeCode('');
      setTouched(false);
    } catch (error) {
      showError(error instanceof GatewayError ? error.code : 1, t);
    }
  }

  const problem = (key: keyof typeof problems) => (touched && problems[key] ? t(problems[key]!) : null);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 border-t pt-4 sm:grid-cols-3"
      aria-labelledby="reset-title"
      data-testid="reset-password-form"
    >
      <div className="sm:col-span-3">
        <h2 id="reset-title" className="font-medium">
          {t('edit.resetPassword')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('edit.resetExplain')}</p>
      </div>
      <FormField id="reset-password" label={t('password.new')} problem={problem('password')}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField id="reset-confirm" label={t('password.confirm')} problem={problem('confirm')}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </FormField>
      <FormField id="reset-safeCode" label={t('edit.newSafeCode')} problem={problem('safeCode')}>
        <Input
          id="reset-safeCode"
          inputMode="numeric"
          maxLength={4}
          value={safeCode}
          onChange={(event) => setSafeCode(digitsOnly(event.target.value))}
        />
      </FormField>
      <div className="sm:col-span-3">
        <Button type="submit" variant="outline" data-testid="reset-submit">
          {t('edit.resetPassword')}
        </Button>
      </div>
    </form>
  );
}
