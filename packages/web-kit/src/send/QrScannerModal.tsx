import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverModal } from '../components/overModal';
import { firstRecipient, loadQrDetector, stopStream, type BarcodeDetectorLike } from './qrScan';

const SCAN_INTERVAL_MS = 250;

/**
 * QR scanner for the recipient (spec 01 §2): the camera through getUserMedia, decoded by the browser's
 * BarcodeDetector or, where there is none (desktop Chrome on Windows and Linux), by jsQR loaded on demand
 * (see loadQrDetector); the text after the first colon goes to `onScan`. The camera stops on close.
 * 'Not supported' is shown when the browser has no camera API (or no decoder could be loaded at all).
 */
export function QrScannerModal({ onScan, onClose }: { onScan: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  useOverModal();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'unsupported' | 'camera' | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      return;
    }
    // Loaded while the browser asks for the camera permission, so the first frame need not wait for it.
    const detectorReady = loadQrDetector();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let attached: HTMLVideoElement | null = null;
    const scan = async (detector: BarcodeDetectorLike) => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        if (video.readyState >= 2) {
          const text = firstRecipient(await detector.detect(video));
          if (text && !stopped) {
            stopped = true;
            stopStream(stream);
            onScanRef.current(text);
            return;
          }
        }
      } catch {
        // a frame that cannot be read: try the next one
      }
      if (!stopped) timer = setTimeout(() => void scan(detector), SCAN_INTERVAL_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        if (stopped) return stopStream(s);
        stream = s;
        const video = videoRef.current;
        if (video) {
          attached = video;
          video.srcObject = s;
          await video.play().catch(() => undefined);
        }
        const detector = await detectorReady;
        if (stopped) return;
        if (!detector) {
          // Nothing can decode the frames: release the camera rather than film for nothing.
          stopStream(s);
          setProblem('unsupported');
          return;
        }
        void scan(detector);
      })
      .catch(() => {
        if (!stopped) setProblem('camera');
      });
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      stopStream(stream);
      if (attached) attached.srcObject = null;
    };
  }, []);

  return (
    <Modal opened onClose={onClose} title={t('send.scanTitle')} zIndex={400}>
      <Stack>
        {problem ? (
          <Alert color="yellow" role="alert" data-testid="qr-scan-problem">
            {problem === 'unsupported' ? t('send.scanUnsupported') : t('send.cameraUnavailable')}
          </Alert>
        ) : (
          <>
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label={t('send.scanCamera')}
              style={{ width: '100%', borderRadius: 8, background: '#000' }}
            />
            <Text size="sm" c="dimmed">
              {t('send.scanHint')}
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
