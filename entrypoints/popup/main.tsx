import { render } from 'preact';
import { Popup } from '@/components/popup/popup';
import '@/components/theme.css';

render(<Popup />, document.getElementById('app')!);
