import { clsx } from 'clsx';
import type { ClassValue } from 'clsx';

let merge = (classes: string): string => classes;

/**
 * Loads tailwind-merge (about 7 KiB gz) for the signed-in app, which awaits it with its texts.
 * Until then `cn` only joins: the screens before sign-in pass no utility that another overrides.
 */
export function loadClassMerge(): Promise<void> {
  return import('tailwind-merge').then((module) => {
    merge = module.twMerge;
  });
}

/** Joins class names (clsx) and, once loaded, lets later Tailwind utilities win over earlier ones (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
