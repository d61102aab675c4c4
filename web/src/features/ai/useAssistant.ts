import { useCallback, useEffect, useRef, useState } from 'react';
import { streamAssistant } from './streamAssistant';

export interface AssistantState {
  answer: string;
  streaming: boolean;
  error: string | null;
  ask(prompt: string): Promise<void>;
  stop(): void;
}

/** One conversation turn with the writing assistant: the answer grows as it streams; stop aborts it. */
export function useAssistant(language: string): AssistantState {
  const [answer, setAnswer] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStreaming(false);
  }, []);
  // Closing the dialog mid-answer stops the upstream call too.
  useEffect(() => stop, [stop]);

  const ask = useCallback(
    async (prompt: string) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setAnswer('');
      setError(null);
      setStreaming(true);
      try {
        await streamAssistant({
          prompt,
          language,
          signal: abort.signal,
          onText: (text) => setAnswer((previous) => previous + text),
        });
      } catch (err) {
        if (!abort.signal.aborted) setError((err as Error).message);
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setStreaming(false);
        }
      }
    },
    [language],
  );

  return { answer, streaming, error, ask, stop };
}
