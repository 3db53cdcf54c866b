/**
 * The door app (docs/checkin-app.md): opens what the device holds and chooses the screen: loading,
 * pairing (also after the device's data was deleted, saying why), or the paired door. The screens
 * are in screens/.
 */
import { useEffect, useState } from 'react';
import { Door, eventOver, type WipeReason } from './door.ts';
import { LoadErrorScreen, LoadingScreen } from './screens/loading.tsx';
import { PairScreen } from './screens/pairing.tsx';
import { DoorScreen } from './screens/station.tsx';

export function CheckinApp() {
  const [door, setDoor] = useState<Door | null | undefined>(undefined);
  const [wiped, setWiped] = useState<WipeReason | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

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
