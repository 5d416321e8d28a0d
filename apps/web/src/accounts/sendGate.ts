import { checkFeature } from '@secux-companion/core';
import { i18next } from '../i18n';
import { deviceInfo } from '../state/deviceInfo';

/**
 * Spec 01 §5: sending needs firmware 2.9 or later. Returns whether the send may open; when not,
 * the user is told which version is needed (C20 is exempt from MCU checks, as core decides).
 */
export function sendAllowed(alert: (message: string) => void = (m) => window.alert(m)): boolean {
  const { mcuVersion, seVersion, deviceType } = deviceInfo.get();
  if (!mcuVersion) return true; // nothing read yet: the device itself refuses what it cannot sign
  const gate = checkFeature('send', {
    mcu: mcuVersion,
    se: seVersion ?? '0',
    deviceType: deviceType ?? undefined,
  });
  if (gate.ok) return true;
  alert(i18next.t(`errors.${gate.messageKey}`, { version: gate.version }));
  return false;
}
