/**
 * jsdom 29 keeps the sheet of a <style> that leaves the document inside its parent: the element still counts as
 * connected while it detaches, so its sheet is added again. Mantine renders such <style> elements for inline style
 * props, so the sheets piled up as a file ran (course-detail: 20 at the first test, 565 at the last), every
 * getComputedStyle matched all their rules, and each sheet kept its removed tree in memory through its owner.
 * Setting the owner's text again makes jsdom update the style block now that it is disconnected, which drops it.
 */
export function dropDetachedStyleSheets() {
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode;
    if (!owner || owner.isConnected) continue;
    const css = owner.textContent;
    owner.textContent = css;
  }
}
