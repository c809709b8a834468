import { boot } from '@/app/boot';
import { MobileApp } from './mobile-app';
import '@/styles/globals.css';

await boot(<MobileApp />);
