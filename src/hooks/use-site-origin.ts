import { useRouter } from '@tanstack/react-router';

/** The site's own origin (https://host), the same on the server and in the browser. */
export function useSiteOrigin(): string {
  return useRouter().options.context.origin;
}
