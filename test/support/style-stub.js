// Stands in for stylesheet imports (Mantine's styles.css, CSS modules) in jsdom unit tests.
module.exports = {};
