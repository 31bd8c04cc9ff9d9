import { render } from 'preact';
import { askBackgroundEarly } from '@/components/early-asks';
import { OPENING_ASKS } from '@/components/popup/opening-asks';
import { PopupShell } from '@/components/popup/popup-shell';
import { keepStorage } from '@/lib/storage-use';
import '@/components/theme.css';

// The background starts on the popup's opening asks while the popup's code loads.
const early = askBackgroundEarly(OPENING_ASKS);
render(<PopupShell early={early} />, document.getElementById('app')!);
// A page is where the browser can be asked to keep the index (a service worker cannot ask).
void keepStorage();
