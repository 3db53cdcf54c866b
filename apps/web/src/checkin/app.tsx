/**
 * The door app (docs/checkin-app.md): in the device's own language (chosen on the pairing screen or
 * under Device, kept apart from the portal's), it opens what the device holds and chooses the
 * screen: loading, pairing (also after the device's data was deleted, saying why), or the paired
 * door. The screens are in screens/.
 */
import './language.ts';
import { Suspense, useEffect, useState } from 'react';
import { MessagesArea } from '../i18n/area.tsx';
import { I18nProvider } from '../i18n/provider.tsx';
import { useT } from '../i18n/use-t.ts';
import { Door, eventOver, type WipeReason } from './door.ts';
import { doorMessages } from './messages.ts';
import { LoadErrorScreen, LoadingScreen } from './screens/loading.tsx';
import { PairScreen } from './screens/pairing.tsx';
import { DoorScreen } from './screens/station.tsx';

export function CheckinApp() {
  return (
    <I18nProvider>
      <Suspense fallback={null}>
        <MessagesArea area={doorMessages}>
          <DoorApp />
        </MessagesArea>
      </Suspense>
    </I18nProvider>
  );
}

function DoorApp() {
  const t = useT();
  const [door, setDoor] = useState<Door | null | undefined>(undefined);
  const [wiped, setWiped] = useState<WipeReason | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const title = t('door.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    Door.load()
      .then(async (loaded) => {
        if (loaded && eventOver(loaded.config)) {
          await loaded.wipe('event_over');
          setWiped('event_over');
          setDoor(null);
          return;
        }
        setDoor(loaded);
      })
      .catch(() => setLoadFailed(true));
  }, []);

  useEffect(() => {
    if (!door) return;
    return door.onWipe((reason) => {
      setWiped(reason);
      setDoor(null);
    });
  }, [door]);

  if (loadFailed) return <LoadErrorScreen />;
  if (door === undefined) return <LoadingScreen />;
  if (!door)
    return (
      <PairScreen
        wiped={wiped}
        onPaired={(paired) => {
          setWiped(null);
          setDoor(paired);
        }}
      />
    );
  return <DoorScreen door={door} />;
}
