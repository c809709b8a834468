import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import idCommon from '../../locales/id/common.json';
import idErrors from '../../locales/id/errors.json';
import thCommon from '../../locales/th/common.json';
import thErrors from '../../locales/th/errors.json';
import viCommon from '../../locales/vi/common.json';
import viErrors from '../../locales/vi/errors.json';
import zhCommon from '../../locales/zh/common.json';
import zhErrors from '../../locales/zh/errors.json';
import { preferences } from './preferences';

export const i18n = i18next;

export function startI18n() {
  void i18next.use(initReactI18next).init({
    lng: preferences().language,
    fallbackLng: 'zh',
    defaultNS: 'common',
    ns: ['common', 'errors'],
    resources: {
      zh: { common: zhCommon, errors: zhErrors },
      en: { common: enCommon, errors: enErrors },
      th: { common: thCommon, errors: thErrors },
      vi: { common: viCommon, errors: viErrors },
      id: { common: idCommon, errors: idErrors },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18next;
}
