import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { CreateCaptchaDocument } from '../../gql/graphql';

export interface CaptchaState {
  captchaId: number | null;
  image: string | null;
  refresh(): void;
}

/** A captcha challenge from the server, fetched on mount and again on every `refresh()`. */
export function useCaptcha(): CaptchaState {
  const [create] = useMutation(CreateCaptchaDocument);
  const [challenge, setChallenge] = useState<{ id: number; image: string } | null>(null);

  const refresh = useCallback(() => {
    create()
      .then(({ data }) => {
        if (data) setChallenge({ id: data.createCaptcha.id, image: data.createCaptcha.image });
      })
      .catch(() => setChallenge(null));
  }, [create]);

  useEffect(() => {
    refresh();
  }, [refresh]);

  return { captchaId: challenge?.id ?? null, image: challenge?.image ?? null, refresh };
}
