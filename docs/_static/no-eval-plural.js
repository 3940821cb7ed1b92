// Sphinx's doctools.js turns the translations' plural rule into a function with `new Function`, which
// the site's Content-Security-Policy refuses (it allows no eval), and the search page's counts would then
// fail. The site is in Korean, which has one plural form (rule "0", as tests/site/test_hostile.py checks
// in translations.js): that rule, without eval. Loaded after doctools.js, before translations.js.
(function () {
  Documentation.addTranslations = function (catalog) {
    Object.assign(Documentation.TRANSLATIONS, catalog.messages);
    Documentation.PLURAL_EXPR = function () { return 0; };
    Documentation.LOCALE = catalog.locale;
  };
})();
