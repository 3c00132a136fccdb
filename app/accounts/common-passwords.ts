// The most common passwords of public breach lists (global and Italian), 6 characters or longer
// (shorter ones already fail the length rule). Checked offline, case-insensitively (DESIGN [8]).
const LIST = `
123456 1234567 12345678 123456789 1234567890 0123456789 654321 987654321 111111 1111111 11111111
000000 00000000 121212 123123 123321 112233 123qwe qwe123 qwerty qwertyuiop qwerty123 qwerty1
qwertz asdfgh asdfghjkl zxcvbn zxcvbnm 1q2w3e 1q2w3e4r 1q2w3e4r5t q1w2e3r4 1qaz2wsx zaq12wsx
password password1 password123 passw0rd p@ssword p@ssw0rd abc123 abcdef abcd1234 a1b2c3 aaaaaa
iloveyou iloveu princess sunshine monkey dragon letmein football baseball welcome welcome1 shadow
master superman batman trustno1 starwars whatever freedom charlie michael jordan23 hello123
admin123 administrator root123 test123 testtest 666666 777777 888888 999999 555555 222222 333333
444444 159753 147258 147258369 123654 789456 456789 mustang access secret secret123 ninja azerty
loveme lovely flower hunter buster soccer hockey killer pepper ginger cookie summer winter spring
computer internet google samsung nokia apple123 matrix silver orange banana chocolate
ciao123 ciaociao amore123 tiamo tiamo123 tiamotanto amoremio ciao1234 password1234 juventus milan1899
inter1908 forzajuve forzamilan forzainter napoli roma1927 lazio1900 francesco giuseppe alessandro
andrea antonio giovanni marco1 federica francesca giulia valentina chiara martina roberto
stella123 fantasia tesoro tesoro123 bellissima cagnolino gattino micio123 fido123 pippo123
zampa123 zampazampa cane123 gatto123 animali animale
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  LIST.split(/\s+/).filter((word) => word.length >= 6),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
