import { useAtom, useAtomValue } from 'jotai';
import { LineIcon } from '../../../components/ui/line-icon';
import { useHydrated } from '../../../hooks/use-hydrated';
import { needsIosInstallHint } from '../install-prompt';
import { installedAtom, installPromptAtom } from '../state/install-atoms';

/**
 * 'Install app' in the header menu when the browser offers to install, gone once installed; on iOS,
 * where no offer ever comes, how to add the app from Safari's Share menu.
 */
export function InstallMenuItem({ className = 'nav-button' }: { className?: string }) {
  const [prompt, setPrompt] = useAtom(installPromptAtom);
  const installed = useAtomValue(installedAtom);
  // What the device is (installed, iOS) is known in the browser only: nothing until hydrated.
  const hydrated = useHydrated();
  if (!hydrated || installed) return null;
  const iosHint = needsIosInstallHint();
  if (prompt) {
    return (
      <li>
        <button
          type="button"
          className={className}
          onClick={async () => {
            await prompt.prompt();
            await prompt.userChoice.catch(() => undefined);
            // An offer can be used once; the browser sends a new one if the shopper may still install.
            setPrompt(null);
          }}
        >
          Install app
        </button>
      </li>
    );
  }
  if (!iosHint) return null;
  return (
    <li className="install-hint">
      <strong>Install app:</strong> tap{' '}
      <LineIcon d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" size={16} strokeWidth={1.8} label="Share" /> Share, then Add
      to Home Screen.
    </li>
  );
}
