import { render } from 'preact';
import { askBackgroundEarly } from '@/components/early-asks';
import { OPENING_ASKS } from '@/components/popup/opening-asks';
import { Popup } from '@/components/popup/popup';
import { keepStorage } from '@/lib/storage-use';
import '@/components/theme.css';

// The background starts on the popup's opening asks before its first render.
const early = askBackgroundEarly(OPENING_ASKS);
render(<Popup early={early} />, document.getElementById('app')!);
// A page is where the browser can be asked to keep the index (a service worker cannot ask).
void keepStorage();
