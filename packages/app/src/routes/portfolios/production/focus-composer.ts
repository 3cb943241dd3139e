/**
 * The comment box into view, its editor focused with the caret at the end (the editor loads on first use: it is
 * waited for, a few frames at most).
 */
export function focusComposer(form: HTMLFormElement | null) {
  let frames = 0;
  const go = () => {
    const box = form?.querySelector<HTMLElement>('[role="textbox"][contenteditable="true"]');
    if (!box) {
      if (form?.isConnected && frames++ < 120) requestAnimationFrame(go);
      return;
    }
    box.focus({ preventScroll: true });
    const range = document.createRange();
    range.selectNodeContents(box);
    range.collapse(false);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    // At once: a smooth scroll was cut short on a phone by the tap that placed the pin.
    box.scrollIntoView({ block: 'center', behavior: 'auto' });
  };
  go();
}
