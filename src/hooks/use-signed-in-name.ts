import { useTranslation } from 'react-i18next';
import { SessionContext } from '@/lib/session-context';

/**
 * Who is signed in, as the top bar and the phone's sheet name it: the main account's login, or
 * a clerk's own login and the main account it acts for ("adminclerk for admin").
 */
export function useSignedInName(): string {
  const { t } = useTranslation();
  const main = SessionContext.useSelector((state) => state.context.profile?.loginId ?? '');
  const clerk = SessionContext.useSelector((state) => (state.context.session?.isMain === false ? state.context.session.loginId : null));
  return main && clerk ? t('profile.clerkFor', { clerk, main }) : main;
}
