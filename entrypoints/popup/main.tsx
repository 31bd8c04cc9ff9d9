import { render } from 'preact';
import { PopupShell } from '@/components/popup/popup-shell';
import '@/components/theme.css';

render(<PopupShell />, document.getElementById('app')!);
