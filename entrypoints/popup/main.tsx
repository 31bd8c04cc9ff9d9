import { render } from 'preact';
import { PopupShell } from '@/components/popup/popup-shell';
import { keepStorage } from '@/lib/storage-use';
import '@/components/theme.css';

render(<PopupShell />, document.getElementById('app')!);
// A page is where the browser can be asked to keep the index (a service worker cannot ask).
void keepStorage();
