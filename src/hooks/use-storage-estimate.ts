import { useEffect, useState } from 'react';
import { storageEstimate } from '../lib/storage-persistence';

/** The device's storage estimate, read when `active` turns on and again whenever `key` changes. */
export function useStorageEstimate(active: boolean, key: unknown) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger to read again.
  useEffect(() => {
    if (!active) return;
    let current = true;
    void storageEstimate().then((value) => {
      if (current) setEstimate(value);
    });
    return () => {
      current = false;
    };
  }, [active, key]);
  return estimate;
}
