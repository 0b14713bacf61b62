// Site-wide behaviour of plain forms: a select marked data-submit-on-change (the header's
// language picker, the leaderboard's period) sends its form as soon as a value is chosen.
document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.hasAttribute("data-submit-on-change")) {
    field.form?.requestSubmit();
  }
});
