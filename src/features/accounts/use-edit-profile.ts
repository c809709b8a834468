import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isMemberLevel } from '@contract/account-fields.contract';
import { accountEditMethods } from '@contract/account-edit.contract';
import { amountSchema } from '@contract/amount.contract';
import type { ResultOf } from '@contract/methods.contract';
import { amountAtMost, filled, percentAtMost } from '@/components/form/form-schemas';
import { useContractForm } from '@/components/form/use-contract-form';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';
import { changedGameSettings, gameSettingsProblems, gameSettingsValue, type GameSettingsValue } from './game-settings-fields';

type Profile = ResultOf<'gw.credit.user.profile'>;
const textFields = ['nickname', 'name', 'phone', 'tel', 'wechat', 'pointLimit', 'agentCommisionRate', 'validAmountRate', 'maxWin'] as const;
export type ProfileValues = Record<(typeof textFields)[number], string>;

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

/** The profile edit of a direct child: its form over the caller's own limits, its game settings, and only what changed sent. */
export function useEditProfile(profile: Profile) {
  const { t } = useTranslation();
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
  const reset = () => {
    form.reset(original.values);
    setGames(original.games);
  };
  return { form, submit, pending, reset, me, isMember, games, setGames, gameProblems };
}
