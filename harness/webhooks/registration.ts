// Where a target is told to send its webhooks, worded once: README, .env.example, the pre-flight and
// the certificate's remedy all say it from here. One URL per carrier, not the listener's bare
// /webhooks: WH-OWN-CARRIER can only see a delivery reach the wrong carrier when the path names the
// carrier it was sent to, so a target registered at /webhooks leaves that rule INCONCLUSIVE.
import { CARRIER_PATHS } from './isolation';

/** The path every carrier's URL starts with; the listener takes deliveries on any path. */
export const WEBHOOKS_PATH = '/webhooks';

/** The URL of each carrier: `primary` for CIS_API_KEY's, `secondary` for CIS_API_KEY_2's. */
export interface RegistrationUrls {
  primary: string;
  secondary: string;
}

/**
 * The URLs to register for a listener bound to `host`:`port`. A listener bound to every interface has
 * no one address the target uses, so the host stays for the user to fill in.
 */
export function registrationUrls(host = '<host>', port: string | number = '<port>'): RegistrationUrls {
  const shown = String(host);
  const name =
    shown === '0.0.0.0' || shown === '::'
      ? '<this host>'
      : shown.includes(':') && !shown.startsWith('[')
        ? `[${shown}]`
        : shown;
  return carrierUrls(`http://${name}:${port}${WEBHOOKS_PATH}`);
}

/** Each carrier's URL under a base that ends with the webhooks path (the listener's deliveryUrl). */
export function carrierUrls(base: string): RegistrationUrls {
  const root = base.replace(/\/+$/, '');
  return { primary: `${root}/${CARRIER_PATHS.primary}`, secondary: `${root}/${CARRIER_PATHS.secondary}` };
}

/** The instruction as one clause: "register … with the target for …, and … for …". */
export function registrationInstruction(host?: string, port?: string | number): string {
  const urls = registrationUrls(host, port);
  return (
    `register ${urls.primary} with the target for the carrier of CIS_API_KEY, and ${urls.secondary} for that ` +
    `of CIS_API_KEY_2`
  );
}
