import { useAtom, useAtomValue } from 'jotai';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useBusiness } from '../../../hooks/use-business';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { useStorageEstimate } from '../../../hooks/use-storage-estimate';
import { lazyDateFormat } from '../../../lib/api-contract/dates';
import { formatBytes } from '../../../lib/storage-persistence';
import { useOfflineSize } from '../api/get-offline-size';
import { progressPercent } from '../saved-catalogue/save-catalogue';
import { cancelSave, removeSavedCatalogue, startSave } from '../saved-catalogue/save-controller';
import { saveDialogOpenAtom, savedMetaAtom, saveStatusAtom } from '../state/saved-catalogue-atoms';
import './save-offline.css';

// Built on first use: the first formatter of a page loads the engine's locale data (a 120 ms task at
// 4x CPU in Debian's Chromium), and this module loads at every visit's first idle moment.
const savedDate = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** "Save catalogue for offline": what it needs, its progress with Cancel, what it used, and Remove. */
export function SaveOfflineDialog() {
  const [open, setOpen] = useAtom(saveDialogOpenAtom);
  const status = useAtomValue(saveStatusAtom);
  const meta = useAtomValue(savedMetaAtom);
  const { timeZone } = useBusiness();
  const online = useOnlineStatus();
  const size = useOfflineSize(open && online);
  const estimate = useStorageEstimate(open, status.status);
  const saving = status.status === 'saving';
  const free = estimate ? Math.max(0, estimate.quota - estimate.usage) : null;
  const tooBig = size.data && free !== null && size.data.bytes > free;

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Save catalogue for offline" size="small">
      <div className="save-offline">
        <p>
          Keep every item, bundle and photo on this device to browse, search and build moodboards at a venue with no
          signal.
        </p>

        <dl className="save-offline__facts">
          <div>
            <dt>Needs</dt>
            <dd>
              {size.data
                ? `About ${formatBytes(size.data.bytes)} (${size.data.items} items, ${size.data.photos} photos)`
                : online
                  ? 'Working it out…'
                  : 'Known once you are back online'}
            </dd>
          </div>
          {free !== null && (
            <div>
              <dt>Free on this device</dt>
              <dd>{formatBytes(free)}</dd>
            </div>
          )}
          <div>
            <dt>Saved copy</dt>
            <dd>
              {meta
                ? `${savedDate().format(meta.savedAt)}: ${meta.entries} files, ${formatBytes(meta.bytes)}`
                : 'None yet'}
            </dd>
          </div>
        </dl>

        {saving && (
          <div className="save-offline__progress">
            <ProgressBar label="Saving the catalogue" percent={progressPercent(status.progress)} />
            <p role="status">
              {status.progress.done} of {status.progress.total} files saved, {formatBytes(status.progress.bytes)}
            </p>
          </div>
        )}

        {status.status === 'done' && meta && (
          <p className="save-offline__result" role="status">
            Saved {meta.entries} files ({formatBytes(meta.bytes)}).
            {status.usage !== null && ` The store now uses ${formatBytes(status.usage)} on this device.`}
          </p>
        )}
        {status.status === 'cancelled' && (
          <p className="save-offline__result" role="status">
            Saving cancelled.{meta ? ' Your earlier saved copy is kept.' : ''}
          </p>
        )}
        {status.status === 'failed' && (
          <p className="save-offline__error" role="alert">
            {status.reason === 'quota'
              ? `There is not enough storage on this device: ${status.progress.done} of ${status.progress.total} files were saved. Free some space and try again.`
              : 'Saving stopped: the connection dropped. Try again when you are back online.'}
          </p>
        )}
        {tooBig && !saving && (
          <p className="save-offline__error" role="alert">
            This device may not have room for the catalogue.
          </p>
        )}
        {!online && !saving && <p className="save-offline__note">Connect to the internet to save the catalogue.</p>}

        <div className="save-offline__actions">
          {saving ? (
            <button type="button" className="button button--ghost" onClick={cancelSave}>
              Cancel
            </button>
          ) : (
            <>
              <button type="button" className="button" disabled={!online} onClick={() => void startSave({ timeZone })}>
                {meta ? 'Update saved catalogue' : 'Save catalogue'}
              </button>
              {meta && (
                <button type="button" className="button button--ghost" onClick={() => void removeSavedCatalogue()}>
                  Remove saved catalogue
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
