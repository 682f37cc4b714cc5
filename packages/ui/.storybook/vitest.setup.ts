// Story tests run in Chromium on busy machines: entrance animations (a modal fading in, the menu
// drawer sliding) finish instantly there, so a play function asserts the state a person sees once
// the motion ends, never a half-faded frame. Storybook in a browser keeps its animations.
const style = document.createElement('style');
style.dataset.storyTests = 'no-motion';
style.textContent = `*, *::before, *::after {
  animation-duration: 0s !important;
  animation-delay: 0s !important;
  transition-duration: 0s !important;
  transition-delay: 0s !important;
}`;
document.head.append(style);
