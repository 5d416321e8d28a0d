/**
 * Virtual screen: every command a real device asks the user to confirm goes through here.
 * UI-agnostic: subscribe to the current prompt, call approve()/reject().
 */

export type PromptKind = 'address' | 'sign' | 'message' | 'otp' | 'update';

export interface PromptLine {
  label: string;
  value: string;
}

export interface ScreenPrompt {
  id: number;
  kind: PromptKind;
  title: string;
  /** what a real device shows: address to verify, amount, fee, recipient, token, OTP code … */
  lines: PromptLine[];
  /** false for informational prompts (OTP display): approve() only dismisses it */
  needsDecision: boolean;
}

export type Decision = 'approve' | 'reject';
export type ScreenListener = (prompt: ScreenPrompt | null) => void;

export interface VirtualScreenOptions {
  /** approve every prompt immediately (tests, unattended demos) */
  autoApprove?: boolean;
}

export class VirtualScreen {
  autoApprove: boolean;
  #current: { prompt: ScreenPrompt; resolve: (d: Decision | 'dismissed') => void } | null = null;
  #queue: Decision[] = [];
  #listeners = new Set<ScreenListener>();
  #nextId = 1;
  #history: Array<{ prompt: ScreenPrompt; decision: Decision | 'dismissed' }> = [];

  constructor(options: VirtualScreenOptions = {}) {
    this.autoApprove = options.autoApprove ?? false;
  }

  /** The prompt currently shown, or null when the screen is idle. */
  get current(): ScreenPrompt | null {
    return this.#current?.prompt ?? null;
  }

  /** Prompts shown so far with their outcome (most recent last). */
  get history(): ReadonlyArray<{ prompt: ScreenPrompt; decision: Decision | 'dismissed' }> {
    return this.#history;
  }

  /** Listener is called with the new prompt, and with null when it closes. Returns an unsubscribe function. */
  subscribe(listener: ScreenListener): () => void {
    this.#listeners.add(listener);
    return () => this.unsubscribe(listener);
  }

  unsubscribe(listener: ScreenListener): void {
    this.#listeners.delete(listener);
  }

  approve(): void {
    this.#settle('approve');
  }

  reject(): void {
    this.#settle('reject');
  }

  /** Pre-program answers for the next prompts (consumed in order, before autoApprove). */
  enqueue(...decisions: Decision[]): void {
    this.#queue.push(...decisions);
  }

  clearQueue(): void {
    this.#queue.length = 0;
  }

  /** Wait for the next prompt (optionally of a kind) to appear. */
  waitForPrompt(kind?: PromptKind, timeoutMs = 10000): Promise<ScreenPrompt> {
    const cur = this.current;
    if (cur && (!kind || cur.kind === kind)) return Promise.resolve(cur);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no ${kind ?? ''} prompt within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.subscribe((p) => {
        if (p && (!kind || p.kind === kind)) {
          clearTimeout(timer);
          off();
          resolve(p);
        }
      });
    });
  }

  /**
   * Device side: show a prompt and wait for the user: 'approve', 'reject', or 'dismissed'
   * when the device closed it itself (`close()`, disconnect, OTP accepted …).
   */
  ask(kind: PromptKind, title: string, lines: PromptLine[], needsDecision = true): Promise<Decision | 'dismissed'> {
    if (this.#current) this.#finish('dismissed');
    const prompt: ScreenPrompt = { id: this.#nextId++, kind, title, lines, needsDecision };
    const result = new Promise<Decision | 'dismissed'>((resolve) => {
      this.#current = { prompt, resolve };
    });
    this.#emit(prompt);
    if (needsDecision) {
      const queued = this.#queue.shift();
      if (queued) queueMicrotask(() => this.#settleId(prompt.id, queued));
      else if (this.autoApprove) queueMicrotask(() => this.#settleId(prompt.id, 'approve'));
    }
    return result;
  }

  /** Device side: remove the prompt without a user decision (e.g. disconnect, OTP accepted). */
  close(): void {
    if (this.#current) this.#finish('dismissed');
  }

  #settleId(id: number, d: Decision): void {
    if (this.#current?.prompt.id === id) this.#settle(d);
  }

  #settle(d: Decision): void {
    if (!this.#current) return;
    this.#finish(d);
  }

  #finish(decision: Decision | 'dismissed'): void {
    const cur = this.#current;
    if (!cur) return;
    this.#current = null;
    this.#history.push({ prompt: cur.prompt, decision });
    if (this.#history.length > 50) this.#history.shift();
    cur.resolve(decision);
    this.#emit(null);
  }

  #emit(p: ScreenPrompt | null): void {
    for (const l of [...this.#listeners]) {
      try {
        l(p);
      } catch {
        /* listener errors must not break the device */
      }
    }
  }
}
