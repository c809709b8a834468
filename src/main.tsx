import { App } from './app/app';
import { boot } from './app/boot';
import { addressOf, wantsMobile } from './lib/app-view';
import './styles/globals.css';

// A phone (under 992 px, docs/product.md#phone) opening the desktop address gets the phone entry instead.
if (wantsMobile(window.innerWidth)) window.location.replace(addressOf('mobile', window.location.hash.slice(1)));
else await boot(<App />);
