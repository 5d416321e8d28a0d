/**
 * The multi-step action modal of the Domain page (spec 03 §2, §4): Details → Verification → the action (Register,
 * Renew, Transfer or Add) → Status. Details checks names (debounced 1000 ms availability, 'domainRegistered' /
 * 'not available' hints, 'Can not check {type}, please try again later'), the fee from /get_fee (shown ÷ 10^9) and
 * that the balance pays it; Verification shows what is signed and the digest the device shows; a device failure other
 * than a user cancel shows its message and returns to Details with the name input cleared; Status shows the
 * transaction id with copy and explorer link, or the failure. Closing from Status resets the form.
 * Payment requests (spec 03 §4): sendRequest runs the same four steps (its Details are RequestForm's); reject,
 * cancel and mark-paid start at Verification and sign at once, a device failure closes the modal, and a failed
 * mark-paid is only logged.
 * The steps run on the one step flow (send/useStepFlow): build on Next, sign on Confirm, push right after.
 */
import { Loader, Modal, Stepper, Text } from '@mantine/core';
import type { FioBuiltAction } from '@secux-companion/chain-fio';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import type { SendFlowState } from '@secux-companion/web-kit/send/sendFlow';
import { useStepFlow } from '@secux-companion/web-kit/send/useStepFlow';
import { pushFioAction } from '../actionLog';
import type { FioChain } from '../chain';
import { isRunAtOnce, stepKey, titleKey, type ActionTarget, type FioActionName } from './actions';
import { ActionDetails } from './ActionDetails';
import { ActionReview } from './ActionReview';
import { ActionStatus, type ActionResult } from './ActionStatus';
import { deviceFailure, type FioDomainAccount } from './model';
import type { OwnedHandle } from './RequestForm';
import { fioDescriptor } from './model';
import { useActionForm, type ActionForm } from './useActionForm';

export type { ActionTarget, FioActionName, FioRequestActionName } from './actions';

type Flow = SendFlowState<FioBuiltAction, string, ActionResult>;

/**
 * The step the stepper shows: signing and pushing are the action's step (2); the actions that run at once never
 * show Details (they build on Verification).
 */
function shownStep(s: Flow, runAtOnce: boolean): 0 | 1 | 2 | 3 {
  if (s.signing || s.step === 2 || s.result === 'loading' || s.result === 'logged') return 2;
  if (s.step === 3) return 3;
  return runAtOnce ? 1 : s.step;
}

/** The action on the step flow: sign the built action on the device, then push it. */
function useActionFlow(
  chain: FioChain,
  form: ActionForm,
  target: ActionTarget,
  onClose: () => void,
  onSuccess: (action: FioActionName, detail: { domain?: string; owner: FioDomainAccount }) => void,
) {
  const { t } = useTranslation();
  const { action, account } = form;
  const runAtOnce = isRunAtOnce(action);
  return useStepFlow<FioBuiltAction, string, ActionResult>({
    sign: async (b) => {
      try {
        return await currentDevice().signFio(b.signRequest.path, b.signRequest.sigData);
      } catch (e) {
        // A device failure other than a cancel returns to Details with the name input cleared.
        if (!deviceFailure(e).cancelled) form.setNameInput('');
        throw e;
      }
    },
    describeSigningError: (e) => {
      const f = deviceFailure(e);
      return f.cancelled ? '' : f.key ? t(f.key) : f.message;
    },
    broadcastOnSign: true,
    // Reject, cancel and paid: signed as soon as they are built; a device failure closes the modal (spec 03 §4).
    signOnVerify: runAtOnce,
    ...(runAtOnce
      ? {
          onFailure: (message: string | null) => {
            if (message !== null) console.warn(`${action} failed on the device`, message);
            onClose();
          },
        }
      : {}),
    broadcast: async (signature, b) => {
      try {
        const txId = await pushFioAction(chain.adapter.names, chain.coin, b, signature);
        onSuccess(action, {
          ...(target.domain
            ? { domain: target.domain }
            : action === 'registerDomain'
              ? { domain: form.name }
              : {}),
          owner: account!,
        });
        return { ok: true, txId };
      } catch (e) {
        // A failed paid action is only logged (spec 03 §4).
        if (action === 'markPaid') {
          console.warn('mark as paid failed', e);
          onClose();
          return 'logged';
        }
        // The catalogue's text of the failure in the user's language (never the server's English).
        return { ok: false, message: errorText(t, e) };
      }
    },
  });
}

export function ActionModal({
  chain,
  action,
  accounts,
  ownDomains,
  target,
  handles = [],
  onClose,
  onSuccess,
}: {
  chain: FioChain;
  action: FioActionName;
  accounts: FioDomainAccount[];
  /** The accounts' crypto handles (the payee of a new request). */
  handles?: readonly OwnedHandle[];
  /** Domains the accounts own (a handle may be registered on them as well as on 'secux'). */
  ownDomains: string[];
  target: ActionTarget;
  onClose: () => void;
  onSuccess: (action: FioActionName, detail: { domain?: string; owner: FioDomainAccount }) => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const runAtOnce = isRunAtOnce(action);
  const form = useActionForm(chain, action, accounts, handles, target);
  const { account } = form;
  const flow = useActionFlow(chain, form, target, onClose, onSuccess);
  const { state } = flow;
  const step = shownStep(state, runAtOnce);

  // Encrypted actions (a new request, a record) need the device's shared secret.
  const build = () =>
    chain.adapter.names.build(fioDescriptor(chain, account!), form.request(), undefined, currentDevice());

  // Reject, cancel and mark-paid start at Verification and run at once.
  const started = useRef(false);
  useEffect(() => {
    if (!runAtOnce || started.current || !account) return;
    started.current = true;
    build().then(
      (b) => void flow.start(async () => b),
      (e: unknown) => {
        console.warn(`${action} could not be built`, e);
        if (action === 'markPaid') return onClose();
        flow.finish({ ok: false, message: errorText(t, e) });
      },
    );
    // Once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const result = state.step === 3 && typeof state.result === 'object' ? state.result : null;
  return (
    <Modal opened onClose={onClose} size={size} title={t(titleKey(action))} data-testid="fio-action-modal">
      <Stepper active={step} size="xs" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label={t('fio.steps.details')} />
        <Stepper.Step label={t('fio.steps.verification')} />
        <Stepper.Step label={t(stepKey(action))} />
        <Stepper.Step label={t('fio.steps.status')} />
      </Stepper>
      {step === 0 && (
        <ActionDetails
          chain={chain}
          form={form}
          accounts={accounts}
          ownDomains={ownDomains}
          target={target}
          failure={state.error}
          busy={state.building}
          onNext={() => account && void flow.start(build)}
          onClose={onClose}
        />
      )}
      {step === 1 && state.built && account && (
        <ActionReview
          chain={chain}
          action={action}
          built={state.built}
          account={account}
          name={form.name}
          target={target}
          newRequest={form.requestForm.action}
          recipientKey={form.recipientKey?.key}
          canGoBack={!runAtOnce}
          onBack={flow.reset}
          onConfirm={() => void flow.sign()}
        />
      )}
      {step === 1 && !state.built && runAtOnce && <Loader size="sm" aria-label={t('fio.loading')} />}
      {step === 2 && (
        <Text aria-live="polite" data-testid="fio-action-signing">
          {t('fio.signing')}
        </Text>
      )}
      {step === 3 && result && <ActionStatus chain={chain} result={result} onClose={onClose} />}
    </Modal>
  );
}
