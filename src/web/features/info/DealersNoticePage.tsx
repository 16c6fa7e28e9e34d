import { InfoPage, InfoSection } from './InfoPage';

/**
 * The /dealers-notice page: what the UK hallmark on precious metal means, as every dealer in
 * precious metals must show it (Hallmarking Act 1973).
 */
export function DealersNoticePage() {
  return (
    <InfoPage
      path="/dealers-notice"
      title="Dealer’s Notice"
      lead="We sell sterling silver and gold. This is what the hallmark on them tells you."
    >
      <InfoSection title="What a hallmark is">
        <p>
          A hallmark is a set of marks struck on an article of precious metal by an independent
          Assay Office, after it has tested the metal. It guarantees that the metal is at least the
          fineness (purity) it claims to be.
        </p>
        <p>
          In the United Kingdom it is an offence to describe an article as silver, gold, platinum or
          palladium unless it is hallmarked, or is below the weight at which hallmarking is needed:
          7.78 grams for silver and 1 gram for gold.
        </p>
      </InfoSection>
      <InfoSection title="The compulsory marks">
        <ul>
          <li>
            <strong>The sponsor&rsquo;s mark</strong>: the initials, in a shield, of the maker or
            the business that sent the article to be hallmarked.
          </li>
          <li>
            <strong>The fineness mark</strong>: the purity in parts per thousand, in a shield whose
            shape shows the metal. For silver, 925 (sterling silver); for gold, 375 (9 carat) and
            750 (18 carat).
          </li>
          <li>
            <strong>The Assay Office mark</strong>: which office tested and marked the article:
            London (a leopard&rsquo;s head), Birmingham (an anchor), Sheffield (a rose) or Edinburgh
            (a castle).
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Marks that may also appear">
        <ul>
          <li>A date letter, showing the year the article was hallmarked.</li>
          <li>
            Traditional fineness symbols: the lion passant for sterling silver made in England, and
            a crown for gold.
          </li>
          <li>Commemorative marks struck in some years of national celebration.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Our jewellery">
        <p>
          Each piece&rsquo;s description says its metal and fineness. Pieces above the weights above
          are hallmarked by a UK Assay Office; lighter pieces are made of the same metals and
          described accordingly.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
