import { checkFeature, type Feature } from '@secux-companion/core';
import { i18next } from '../i18n';
import { deviceInfo, type DeviceInfoState } from '../state/deviceInfo';

/**
 * Whether the connected device's firmware has a feature (spec 01 §5's gates, core's rule; C20 is exempt from MCU
 * checks). Before the versions are read nothing is hidden: the device itself refuses what it cannot sign.
 */
export function featureAvailable(
  feature: Feature,
  info: Pick<DeviceInfoState, 'mcuVersion' | 'seVersion' | 'deviceType'> = deviceInfo.get(),
): boolean {
  if (!info.mcuVersion) return true;
  return checkFeature(feature, {
    mcu: info.mcuVersion,
    se: info.seVersion ?? '0',
    deviceType: info.deviceType ?? undefined,
  }).ok;
}

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
