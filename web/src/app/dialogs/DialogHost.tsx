import { notifications } from '@mantine/notifications';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../errors';
import { dialogLoaders, type DialogComponent, type DialogKind, type DialogPropsMap } from './dialogKinds';

interface OpenDialog {
  id: number;
  /** The component that opened it: when it unmounts (its screen left), the dialog goes too. */
  owner: string;
  node: ReactNode;
}

interface DialogHostApi {
  open<K extends DialogKind>(owner: string, kind: K, props: DialogPropsMap[K]): void;
  closeOwnedBy(owner: string): void;
}

const DialogHostContext = createContext<DialogHostApi | null>(null);

// Generic in the props, not the kind: TypeScript cannot check a JSX spread of DialogPropsMap[K].
function dialogElement<P extends object>(
  Component: ComponentType<P & { onClose(): void }>,
  key: number,
  props: P,
  onClose: () => void,
): ReactNode {
  return <Component key={key} {...props} onClose={onClose} />;
}

/**
 * The one place dialogs are rendered (like Outline's DialogsStore): screens ask for a dialog by kind
 * through useDialogs(), and its code loads with the first opening. Sits inside the router (dialogs link
 * and navigate) and under AppProviders.
 */
export function DialogHost({ children }: { children: ReactNode }) {
  // The instance, not `t`: a language switch must not rebuild the host's API (and close every dialog).
  const { i18n } = useTranslation();
  const [open, setOpen] = useState<OpenDialog[]>([]);
  const nextId = useRef(1);
  const ownersGone = useRef(new Set<string>());

  const api = useMemo<DialogHostApi>(() => {
    const close = (id: number) => setOpen((current) => current.filter((dialog) => dialog.id !== id));
    const show = <K extends DialogKind>(
      owner: string,
      Component: DialogComponent<K>,
      props: DialogPropsMap[K],
    ) => {
      const id = nextId.current++;
      const node = dialogElement(Component, id, props, () => close(id));
      setOpen((current) => [...current, { id, owner, node }]);
    };
    return {
      open(owner, kind, props) {
        ownersGone.current.delete(owner);
        const dialog = dialogLoaders[kind];
        const ready = dialog.loaded;
        // Once the code is there the dialog opens with an ordinary state update, so it appears with its
        // content rather than through a Suspense fallback.
        if (ready) show(owner, ready, props);
        else
          dialog.load().then(
            (Component) => {
              if (!ownersGone.current.has(owner)) show(owner, Component, props);
            },
            (err: unknown) =>
              notifications.show({ color: 'red', message: errorMessage(err, i18n.t('common.networkError')) }),
          );
      },
      closeOwnedBy(owner) {
        ownersGone.current.add(owner);
        setOpen((current) =>
          current.some((dialog) => dialog.owner === owner)
            ? current.filter((dialog) => dialog.owner !== owner)
            : current,
        );
      },
    };
  }, [i18n]);

  return (
    <DialogHostContext.Provider value={api}>
      {children}
      {open.map((dialog) => dialog.node)}
    </DialogHostContext.Provider>
  );
}

export interface Dialogs {
  /** Opens the dialog of that kind; it closes itself, or when the calling component unmounts. */
  open<K extends DialogKind>(kind: K, props: DialogPropsMap[K]): void;
}

export function useDialogs(): Dialogs {
  const host = useContext(DialogHostContext);
  if (!host) throw new Error('useDialogs() needs a <DialogHost> above it');
  const owner = useId();
  useEffect(() => () => host.closeOwnedBy(owner), [host, owner]);
  const open = useCallback<Dialogs['open']>((kind, props) => host.open(owner, kind, props), [host, owner]);
  return useMemo(() => ({ open }), [open]);
}
