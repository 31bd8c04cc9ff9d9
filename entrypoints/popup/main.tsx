import { render } from 'preact';
import { askEarly } from '@/components/popup/opening-asks';
import { PopupShell } from '@/components/popup/popup-shell';
import { sendUnchecked } from '@/lib/messages/client';
import { keepStorage } from '@/lib/storage-use';
import '@/components/theme.css';

// The background starts on the popup's opening asks while the popup's code loads.
const early = askEarly((name, request) => sendUnchecked(name, request as never));
render(<PopupShell early={early} />, document.getElementById('app')!);
// A page is where the browser can be asked to keep the index (a service worker cannot ask).
void keepStorage();
