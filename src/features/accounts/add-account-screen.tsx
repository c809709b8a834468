import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { z } from 'zod';
import { isMemberLevel } from '@contract/account-fields.contract';
import { accountMethods } from '@contract/account.contract';
import { useCall } from '@/api/queries';
import { amountAtMost, confirmation, filled, percentAtMost } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useContractForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { AddBatchForm } from './add-batch-form';
import {
  allGameSettings,
  editsAfter,
  gameSettingsProblems,
  GameSettingsFields,
  newChildGameSettings,
  serverGameProblems,
  withEdits,
  type GameSettingEdits,
} from './game-settings-fields';
import { NewAccountFields } from './new-account-fields';

const add = accountMethods['gw.credit.agent.add'].params.shape;
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
  const parentMax = {
    pointLimit: profile?.pointLimit ?? '0.00',
    agentCommisionRate: profile?.agentCommisionRate ?? 0,
    validAmountRate: profile?.validAmountRate ?? 0,
  };
  const schema = useMemo(
    () =>
      z
        .object({
          loginId: filled(add.loginId, 'login-id-required'),
          nickname: add.nickname,
          password: filled(add.password, 'password-required'),
          confirmPassword: z.string(),
          safeCode: addsMembers ? z.string() : add.safeCode.unwrap(),
          pointLimit: amountAtMost(parentMax.pointLimit),
          agentCommisionRate: addsMembers ? z.string() : percentAtMost(parentMax.agentCommisionRate),
          validAmountRate: percentAtMost(parentMax.validAmountRate),
          name: add.name.unwrap(),
          phone: add.phone.unwrap(),
          wechat: add.wechat.unwrap(),
        })
        .superRefine(...confirmation('password', 'confirmPassword')),
    [addsMembers, parentMax.pointLimit, parentMax.agentCommisionRate, parentMax.validAmountRate],
  );
  const [gameEdits, setGameEdits] = useState<GameSettingEdits>({});
  const presets = useCall('gw.credit.limitation.list', {}, { silent: true, staleTime: Infinity });
  const gamesOf = (limits: { pointLimit: string; agentCommisionRate: string; validAmountRate: string }) =>
    withEdits(
      newChildGameSettings(profile?.gameSettings, { ...limits, agentCommisionRate: addsMembers ? '0' : limits.agentCommisionRate }),
      gameEdits,
    );

  const { form, submit, pending } = useContractForm({
    method: addsMembers ? 'gw.credit.user.add' : 'gw.credit.agent.add',
    schema,
    defaultValues: {
      loginId: '',
      nickname: '',
      password: '',
      confirmPassword: '',
      safeCode: '',
      pointLimit: '',
      agentCommisionRate: '',
      validAmountRate: addsMembers ? '0' : '',
      name: '',
      phone: '',
      wechat: '',
    },
    serverFields: ['gameSettings'],
    beforeSubmit: (values) => Object.keys(gameSettingsProblems(gamesOf(values), profile?.gameSettings)).length === 0,
    toParams: (values) =>
      ({
        loginId: values.loginId.trim(),
        nickname: values.nickname.trim(),
        password: values.password,
        ...(addsMembers ? {} : { safeCode: values.safeCode }),
        pointLimit: values.pointLimit.trim(),
        validAmountRate: values.validAmountRate.trim(),
        gameSettings: allGameSettings(gamesOf(values)),
        ...(addsMembers ? {} : { agentCommisionRate: values.agentCommisionRate.trim() }),
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(values.wechat.trim() ? { wechat: values.wechat.trim() } : {}),
      }) as never,
    onSuccess: (_result, values) => {
      toast(t('add.done', { loginId: values.loginId.trim() }), { variant: 'success' });
      navigate('/account/index');
    },
  });
  const [pointLimit, agentCommisionRate, validAmountRate] = form.watch(['pointLimit', 'agentCommisionRate', 'validAmountRate']);
  const games = gamesOf({ pointLimit, agentCommisionRate, validAmountRate });
  const { errors, isSubmitted } = form.formState;
  const shownGameProblems = gameSettingsProblems(games, profile?.gameSettings);
  const maxOf = {
    pointLimit: format.amount(parentMax.pointLimit),
    agentCommisionRate: `${parentMax.agentCommisionRate}%`,
    validAmountRate: `${parentMax.validAmountRate}%`,
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        form={form}
        name="loginId"
        id="add-loginId"
        label={t('add.loginId')}
        messages={{ 'login-id-required': 'add.loginIdRequired' }}
        autoComplete="off"
        maxLength={16}
      />
      <TextField form={form} name="nickname" id="add-nickname" label={t('accounts.column.nickname')} maxLength={16} />
      <NewAccountFields form={form} idPrefix="add" maxPointLimit={maxOf.pointLimit} withSafeCode={!addsMembers} />
      {addsMembers ? null : (
        <TextField
          form={form}
          name="agentCommisionRate"
          id="add-agentCommisionRate"
          label={`${t('profile.commission')} (%)`}
          hint={t('add.atMost', { max: maxOf.agentCommisionRate })}
          messageValues={{ max: maxOf.agentCommisionRate }}
          inputMode="decimal"
        />
      )}
      <TextField
        form={form}
        name="validAmountRate"
        id="add-validAmountRate"
        label={`${t('profile.washCode')} (%)`}
        hint={t('add.atMost', { max: maxOf.validAmountRate })}
        messageValues={{ max: maxOf.validAmountRate }}
        inputMode="decimal"
      />
      <TextField form={form} name="name" id="add-name" label={t('add.name')} maxLength={32} />
      <TextField form={form} name="phone" id="add-phone" label={t('add.phone')} maxLength={32} />
      <TextField form={form} name="wechat" id="add-wechat" label={t('add.wechat')} maxLength={64} />
      <GameSettingsFields
        value={games}
        parent={profile?.gameSettings}
        presets={presets.data?.list ?? []}
        problems={isSubmitted && Object.keys(shownGameProblems).length > 0 ? shownGameProblems : serverGameProblems(errors)}
        lockedGameTypes={[]}
        member={addsMembers}
        onChange={(next) => {
          setGameEdits((edits) => editsAfter(edits, games, next));
          form.clearErrors('gameSettings' as never);
        }}
      />
      <p className="text-xs text-muted-foreground sm:col-span-2" data-testid="add-game-hint">
        {addsMembers ? t('add.gameHintMember') : t('add.gameHint')}
      </p>
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending} data-testid="add-submit">
          {pending ? t('password.saving') : t('add.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={() => navigate('/account/index')}>
          {t('logout.cancel')}
        </Button>
      </div>
    </form>
  );
}
