import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@contract/methods.contract';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { GameSettingsFields, serverGameProblems } from './game-settings-fields';
import { useEditProfile, type ProfileValues } from './use-edit-profile';

type Profile = ResultOf<'gw.credit.user.profile'>;
type Preset = ResultOf<'gw.credit.limitation.list'>['list'][number];
type AreaCode = ResultOf<'gw.credit.user.area.code.get'>['list'][number];
type ProfileForm = UseFormReturn<ProfileValues, unknown, ProfileValues>;
type Me = ReturnType<typeof useEditProfile>['me'];
type RateLock = Pick<ResultOf<'gw.credit.user.rate.modify.allow'>, 'reason' | 'lockedGameTypes'>;

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
  const { t } = useTranslation();
  const { form, submit, pending, reset, me, isMember, games, setGames, gameProblems } = useEditProfile(profile);
  const { errors, isSubmitted } = form.formState;

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
        before={<AreaCodeSelect form={form} areaCodes={areaCodes} />}
      />
      <TextField form={form} name="tel" id="edit-tel" label={t('edit.tel')} maxLength={32} />
      <TextField form={form} name="wechat" id="edit-wechat" label={t('add.wechat')} maxLength={64} />
      <ProfileLimitFields form={form} me={me} isMember={isMember} rateLock={rateLock} />
      <GameSettingsFields
        value={games}
        parent={me?.gameSettings}
        own={profile.gameSettings}
        presets={presets}
        problems={isSubmitted && Object.keys(gameProblems).length > 0 ? gameProblems : serverGameProblems(errors)}
        lockedGameTypes={rateLock.lockedGameTypes}
        member={isMember}
        onChange={(next) => {
          setGames(next);
          form.clearErrors('gameSettings' as never);
        }}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending} data-testid="edit-submit">
          {pending ? t('password.saving') : t('edit.save')}
        </Button>
        <Button type="button" variant="outline" onClick={reset}>
          {t('edit.reset')}
        </Button>
      </div>
    </form>
  );
}

/** The phone's country code, written as `+<code> ` in front of the number. */
function AreaCodeSelect({
  form,
  areaCodes,
}: {
  form: UseFormReturn<ProfileValues, unknown, ProfileValues>;
  areaCodes: readonly AreaCode[];
}) {
  const { t, i18n } = useTranslation();
  const phone = form.watch('phone');
  const { isSubmitted } = form.formState;
  return (
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
  );
}

/** The limit and rates, each at most the caller's own; rates are locked while the child is frozen or has unsettled bets. */
function ProfileLimitFields({ form, me, isMember, rateLock }: { form: ProfileForm; me: Me; isMember: boolean; rateLock: RateLock }) {
  const { t } = useTranslation();
  const format = useFormat();
  const maxOf = {
    pointLimit: format.amount(me?.pointLimit ?? ''),
    agentCommisionRate: `${me?.agentCommisionRate ?? ''}%`,
    validAmountRate: `${me?.validAmountRate ?? ''}%`,
  };
  const atMost = (max: string) => t('add.atMost', { max });
  const frozen = rateLock.reason === 'frozen';
  return (
    <>
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
    </>
  );
}
