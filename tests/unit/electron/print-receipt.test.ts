import { beforeEach, describe, expect, it, vi } from 'vitest';
import { printMessages, printReceipt } from '../../../electron/print-receipt';
import { escapeHtml, receiptHtml } from '../../../electron/receipt-html';
import type { ElectronFake, FakeWindow } from './electron-fake';

vi.mock('electron', async () => (await import('./electron-fake')).createElectronFake());

const electron = (await import('electron')) as unknown as ElectronFake;

const hostile = {
  title: 'Receipt <b>1001</b>',
  lines: [
    { label: 'Patient', value: '<script>alert("x")</script>' },
    { label: '<img src=x onerror=alert(1)>', value: "O'Brien & Sons" },
  ],
};

function printWindow(): FakeWindow {
  const [window] = electron.BrowserWindow.instances;
  if (!window) throw new Error('no print window');
  return window;
}

function printedHtml(window: FakeWindow): string {
  const url = window.loadURL.mock.calls[0]?.[0] ?? '';
  const prefix = 'data:text/html;charset=utf-8,';
  expect(url.startsWith(prefix)).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
}

beforeEach(() => electron.reset());

describe('receipt HTML', () => {
  it('escapes every line, so receipt text can never become markup', () => {
    const html = receiptHtml(hostile);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('O&#39;Brien &amp; Sons');
    expect(html).toContain('<title>Receipt &lt;b&gt;1001&lt;/b&gt;</title>');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('printing a receipt', () => {
  it('prints the escaped receipt from a hidden window without script, then closes it', async () => {
    expect(await printReceipt(hostile)).toEqual({ ok: true });
    const window = printWindow();
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: { javascript: false, sandbox: true, contextIsolation: true },
    });
    expect(window.options.webPreferences).not.toHaveProperty('preload');
    const html = printedHtml(window);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(window.webContents.print).toHaveBeenCalledWith(
      expect.objectContaining({ silent: false }),
      expect.any(Function),
    );
    expect(window.destroy).toHaveBeenCalled();
  });

  it('reports a cancelled or failed print', async () => {
    const results = [
      ['cancelled', printMessages.cancelled],
      ['Print job failed', printMessages.failed],
    ];
    for (const [reason, error] of results) {
      electron.reset();
      const printing = printReceipt(hostile);
      printWindow().webContents.print.mockImplementationOnce((_options, callback) =>
        callback(false, reason ?? ''),
      );
      expect(await printing).toEqual({ ok: false, error });
      expect(printWindow().destroy).toHaveBeenCalled();
    }
  });

  it('reports a receipt that could not be loaded, and still closes its window', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    electron.BrowserWindow.loadError = new Error('ERR_FAILED');
    expect(await printReceipt(hostile)).toEqual({ ok: false, error: printMessages.failed });
    expect(printWindow().webContents.print).not.toHaveBeenCalled();
    expect(printWindow().destroy).toHaveBeenCalled();
    logged.mockRestore();
  });
});
