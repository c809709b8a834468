import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isMemberLevel } from '../../../contract/account-fields.contract';
import { accountEditMethods } from '../../../contract/account-edit.contract';
import { amountSchema } from '../../../contract/amount.contract';
import type { ResultOf } from '../../../contract/methods.contract';
import { amountAtMost, filled, percentAtMost } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useContractForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';
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
type RateLock = Pick<ResultOf<'gw.credit.user.rate.modify.allow'>, 'reason' | 'lockedGameTypes'>;
const textFields = ['nickname', 'name', 'phone', 'tel', 'wechat', 'pointLimit', 'agentCommisionRate', 'validAmountRate', 'maxWin'] as const;
type ProfileValues = Record<(typeof textFields)[number], string>;

const edit = accountEditMethods['gw.credit.agent.profile.edit'].params.shape;

function valuesOf(profile: Profile): ProfileValues {
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

/** A direct child's profile, limits, rates and game settings; only what changed is sent. */
export function EditProfileForm({
  profile,
  rateLock,
  presets,
  areaCodes,
}: {
  profile: Profile;
  rateLock: RateLock;
  presets: readonly Preset[];
  areaCodes: readonly AreaCode[];
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const me = SessionContext.useSelector((state) => state.context.profile);
  const isMember = isMemberLevel(profile.level);
  const original = useMemo(() => ({ values: valuesOf(profile), games: gameSettingsValue(profile.gameSettings) }), [profile]);
  const [games, setGames] = useState<GameSettingsValue>(original.games);
  const gameProblems = gameSettingsProblems(games, me?.gameSettings, original.games);
  const schema = useMemo(
    () =>
      z.object({
        nickname: edit.nickname.unwrap(),
        name: edit.name.unwrap(),
        phone: edit.phone.unwrap(),
        tel: edit.tel.unwrap(),
        wechat: edit.wechat.unwrap(),
        pointLimit: amountAtMost(me?.pointLimit ?? '0'),
        agentCommisionRate: isMember ? z.string() : percentAtMost(me?.agentCommisionRate ?? 0),
        validAmountRate: percentAtMost(me?.validAmountRate ?? 0),
        maxWin: isMember ? filled(amountSchema) : z.string(),
      }),
    [me, isMember],
  );

  const changes = (values: ProfileValues) => {
    const changed: Record<string, unknown> = {};
    for (const field of textFields) {
      if (values[field].trim() !== original.values[field].trim()) changed[field] = values[field].trim();
    }
    if (isMember) delete changed.agentCommisionRate;
    else delete changed.maxWin;
    const gameChanges = changedGameSettings(original.games, games);
    if (gameChanges.length > 0) changed.gameSettings = gameChanges;
    return changed;
  };

  const { form, submit, pending } = useContractForm({
    method: isMember ? 'gw.credit.user.profile.edit' : 'gw.credit.agent.profile.edit',
    schema,
    defaultValues: original.values,
    serverFields: ['gameSettings'],
    beforeSubmit: (values) => {
      if (Object.keys(gameProblems).length > 0) return false;
      if (Object.keys(changes(values)).length > 0) return true;
      toast(t('edit.nothingChanged'));
      return false;
    },
    toParams: (values) => ({ userId: profile.userId, ...changes(values) }) as never,
    onSuccess: () => toast(t('edit.saved', { loginId: profile.loginId }), { variant: 'success' }),
  });
  const { errors, isSubmitted } = form.formState;
  const phone = form.watch('phone');

  const maxOf = {
    pointLimit: format.amount(me?.pointLimit ?? ''),
    agentCommisionRate: `${me?.agentCommisionRate ?? ''}%`,
    validAmountRate: `${me?.validAmountRate ?? ''}%`,
  };
  const atMost = (max: string) => t('add.atMost', { max });
  const frozen = rateLock.reason === 'frozen';

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title" className="font-medium sm:col-span-2">
        {t('edit.profile')}
      </h2>
      <TextField form={form} name="nickname" id="edit-nickname" label={t('accounts.column.nickname')} maxLength={16} />
      <TextField form={form} name="name" id="edit-name" label={t('add.name')} maxLength={32} />
      <TextField
        form={form}
        name="phone"
        id="edit-phone"
        label={t('add.phone')}
        hint={t('edit.phoneHint')}
        maxLength={32}
        before={
          <select
            aria-label={t('edit.areaCode')}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            value={areaCodes.find((area) => phone.startsWith(`+${area.code} `))?.code ?? ''}
            onChange={(event) => {
              const number = phone.replace(/^\+\d+\s*/, '');
              form.setValue('phone', event.target.value ? `+${event.target.value} ${number}` : number, { shouldValidate: isSubmitted });
            }}
          >
            <option value="">{t('edit.noAreaCode')}</option>
            {areaCodes.map((area) => (
              <option key={area.region} value={area.code}>
                {`+${area.code} ${regionName(area.region, i18n.language)}`}
              </option>
            ))}
          </select>
        }
      />
      <TextField form={form} name="tel" id="edit-tel" label={t('edit.tel')} maxLength={32} />
      <TextField form={form} name="wechat" id="edit-wechat" label={t('add.wechat')} maxLength={64} />
      <TextField
        form={form}
        name="pointLimit"
        id="edit-pointLimit"
        label={t('accounts.column.pointLimit')}
        hint={atMost(maxOf.pointLimit)}
        messageValues={{ max: maxOf.pointLimit }}
        inputMode="decimal"
      />
      {isMember ? (
        <TextField form={form} name="maxWin" id="edit-maxWin" label={t('edit.maxWin')} hint={t('edit.maxWinHint')} inputMode="decimal" />
      ) : (
        <TextField
          form={form}
          name="agentCommisionRate"
          id="edit-agentCommisionRate"
          label={`${t('profile.commission')} (%)`}
          hint={atMost(maxOf.agentCommisionRate)}
          messageValues={{ max: maxOf.agentCommisionRate }}
          inputMode="decimal"
          disabled={frozen}
        />
      )}
      <TextField
        form={form}
        name="validAmountRate"
        id="edit-validAmountRate"
        label={`${t('profile.washCode')} (%)`}
        hint={atMost(maxOf.validAmountRate)}
        messageValues={{ max: maxOf.validAmountRate }}
        inputMode="decimal"
        disabled={frozen}
      />
      {rateLock.reason ? (
        <p className="text-sm text-muted-foreground sm:col-span-2" role="note" data-testid="rates-locked">
          {frozen
            ? t('edit.ratesLocked')
            : t('edit.ratesUnsettled', { gameTypes: rateLock.lockedGameTypes.map((gameType) => t(`game.${gameType}`)).join(', ') })}
        </p>
      ) : null}
      <GameSettingsFields
        value={games}
        parent={me?.gameSettings}
        presets={presets}
        problems={isSubmitted && Object.keys(gameProblems).length > 0 ? gameProblems : serverGameProblems(errors)}
        lockedGameTypes={rateLock.lockedGameTypes}
        onChange={(next) => {
          setGames(next);
          form.clearErrors('gameSettings' as never);
        }}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending} data-testid="edit-submit">
          {pending ? t('password.saving') : t('edit.save')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(original.values);
            setGames(original.games);
          }}
        >
          {t('edit.reset')}
        </Button>
      </div>
    </form>
  );
}
