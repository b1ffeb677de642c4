Feature: 3. Applying Tile Effects
  Transcribes the rulebook section "3. Applying Tile Effects": once every
  card has taken effect, each detective may use the tile it stands on, houses
  first, then the Bar, then the Police.  A detective alone on a house looks
  at its clue; a detective alone on the Bar asks another player about one to
  three clues of the kind the Bar shows, then the Bar turns over; detectives
  on the Police, in the order they arrived, may name the culprit and the
  weapon, and are out of the game if they are wrong.  The lines of flavour
  that open each tile's paragraph carry no rule.

  @SD-TIL-01
  Rule: After the last card, the tiles take effect in a fixed order: every house, then the Bar, then the Police
    Source: 3. Applying Tile Effects ¶72-73

    Example: Green has looked at her house before Red asks at the Bar, and Yellow reports only after Red has asked
      Given a game of Red, Yellow and Green
      And Red stands on House 4
      And Yellow stands on House 3
      And Green stands on House 5
      And House 4 hides the Poison
      And Yellow has chosen Foot Patrol 001 and Green has chosen Dead End
      And Red holds Foot Patrol 003
      When Red plays Foot Patrol 003
      Then Red must ask at the Bar
      And only Green has seen the Poison
      When Red asks Green about the Butler
      Then Green answers no to Red
      And the Bar shows its weapon side
      And Yellow must report at the Police

  @SD-TIL-02 @ruling
  Rule: A house is looked at without any move; at the Bar and at the Police the player may pass instead of using the tile
    Source: 3. Applying Tile Effects ¶72
    The rulebook says a player "may" apply the tile's effect.  A look at a
    house costs nothing, so it is given at once.  At the Bar a player may
    keep the question for later, and the Bar then keeps its side; at the
    Police a player may wait (SD-POL-06).

    Example: Red passes at the Bar, which keeps its culprit side
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      When Red passes
      Then everyone is told that Red passed at the Bar
      And the Bar shows its culprit side
      And round 2 begins

    Example: Red passes at the Bar, and Yellow on the Police may still report
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      And Yellow is at the Police at the end of the round
      When Red passes
      Then everyone is told that Red passed at the Bar
      And the Bar shows its culprit side
      And Yellow must report at the Police

    Example: a detective alone on a house looks without being asked anything
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow stands on House 3
      And Green stands on House 5
      And House 2 hides the Knife
      And Yellow has chosen Foot Patrol 002 and Green has chosen Dead End
      And Red holds Foot Patrol 001
      When Red plays Foot Patrol 001
      Then only Red has seen the Knife
      And round 2 begins

  @SD-HOU-01
  Rule: A detective alone on a house at the end of the round lets its player see the clue under it, and nobody else
    Source: 3. Applying Tile Effects ¶75

    Example: Red alone on House 2 sees the Knife
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow stands on House 3
      And Green stands on House 6
      And House 2 hides the Knife
      And Yellow has chosen Foot Patrol 002 and Green has chosen Dead End
      And Red holds Foot Patrol 001
      When Red plays Foot Patrol 001
      Then only Red has seen the Knife
      And Green has seen the Poison

  @SD-HOU-02
  Rule: When two or more detectives end the round on the same house, none of them looks
    Source: 3. Applying Tile Effects ¶75

    Example: Red and Yellow share House 2
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow stands on House 3
      And Green stands on House 5
      And House 2 hides the Knife
      And Yellow has chosen Dead End and Green has chosen Foot Patrol 002
      And Red holds Foot Patrol 001
      When Red plays Foot Patrol 001
      Then Red and Yellow stand on House 2
      And nobody has seen the Knife

  @SD-BAR-01
  Rule: A detective alone on the Bar at the end of the round lets its player pick, in secret, one to three clue tokens of the kind the Bar shows, and ask one other player still in the game about them
    Source: 3. Applying Tile Effects ¶77

    Example: on the culprit side Red may ask about one, two or three culprits
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      Then Red may ask Yellow about the Butler
      And Red may ask Green about the Cook and the Maid
      And Red may ask Yellow about the Butler, the Cook and the Gardener

    Example: not about a weapon while the Bar shows its culprit side
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      When Red tries to ask Yellow about the Knife
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: on the weapon side only weapons
      Given a game of Red, Yellow and Green
      And the Bar shows its weapon side
      And Red is alone at the Bar at the end of the round
      Then Red may ask Yellow about the Knife and the Rope
      And Red may not ask Yellow about the Butler

    Example: not about all four
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      When Red tries to ask Yellow about the Butler, the Cook, the Gardener and the Maid
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: not herself
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      When Red tries to ask Red about the Butler
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: not a player out of the game
      Given a game of Red, Yellow and Green
      And Yellow is out of the game
      And Red is alone at the Bar at the end of the round
      When Red tries to ask Yellow about the Butler
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @SD-BAR-02
  Rule: When two or more detectives end the round on the Bar, nobody asks and the Bar stays as it is
    Source: 3. Applying Tile Effects ¶77

    Example: Red and Yellow meet at the Bar
      Given a game of Red, Yellow and Green
      And Red stands on House 6
      And Yellow stands on House 1
      And Green stands on House 3
      And Yellow has chosen Dead End and Green has chosen Foot Patrol 002
      And Red holds Foot Patrol 001
      When Red plays Foot Patrol 001
      Then Red and Yellow stand on the Bar
      And round 2 begins
      And the Bar shows its culprit side

  @SD-BAR-03
  Rule: The player asked must answer no unless they have seen every clue asked about
    Source: 3. Applying Tile Effects ¶78

    Scenario Outline: Yellow has seen <seen>; asked about <asked>, the answer is no
      Given a game of Red, Yellow and Green
      And Yellow has seen <seen>
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about <asked>
      Then Yellow answers no to Red

      Examples:
        | seen                         | asked                                   |
        | the Butler                   | the Butler and the Cook                 |
        | nothing                      | the Butler                              |
        | the Butler and the Knife     | the Butler, the Cook and the Gardener   |
        | the Cook, the Gardener and the Maid | the Butler                       |

  @SD-BAR-04 @ruling
  Rule: A player has seen a clue once they have looked at it under a house, by their own tile, Neighbor Survey or Shadowing, wherever the tile has moved since; what was said at the Bar is not seeing
    Source: 3. Applying Tile Effects ¶77-78
    The rulebook says "seen" without saying how.  We count the looks the
    rules give (SD-HOU-01, SD-CARD-19, SD-CARD-02), tied to the clue, not to
    the place it lay.  A "yes" at the Bar tells the asker something but shows
    them nothing.

    Example: a look earlier in the same round counts, since houses come before the Bar
      Given a game of Red, Yellow and Green
      And Red stands on House 4
      And Yellow stands on House 1
      And Green stands on House 5
      And House 2 hides the Cook
      And Yellow has chosen Foot Patrol 001 and Green has chosen Dead End
      And Red holds Foot Patrol 003
      When Red plays Foot Patrol 003
      And Red asks Yellow about the Cook
      Then Yellow answers yes to Red

    Example: being told yes is not seeing
      Given a game of Red, Yellow and Green
      And Yellow has seen the Butler
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about the Butler
      Then Yellow answers yes to Red
      And only Yellow has seen the Butler

    Example: the Knife seen on House 2 still counts after its tile has moved to House 3
      Given a game of Red, Yellow and Green
      And Yellow has seen the Knife
      And House 3 hides the Knife
      And the Bar shows its weapon side
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about the Knife
      Then Yellow answers yes to Red

  @SD-BAR-05 @ruling
  Rule: Only the asker and the player asked learn which clues were asked about and what the answer was; the others learn only who asked whom
    Source: 3. Applying Tile Effects ¶77-78
    The asker picks the tokens in secret, so they are shown to the player asked
    and to nobody else.  The answer is of no use to a player who does not know
    the question, and we keep it between the two as well.

    Example: Green learns nothing of Red's question to Yellow
      Given a game of Red, Yellow and Green
      And Yellow has seen the Butler and the Cook
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about the Butler and the Cook
      Then nobody but Red and Yellow learns what was asked or answered
      And everyone is told that Red asked Yellow

  @SD-BAR-06
  Rule: After the question, the Bar is turned over to its other side
    Source: 3. Applying Tile Effects ¶77

    Example: from culprits to weapons
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about the Butler
      Then the Bar shows its weapon side

    Example: from weapons back to culprits
      Given a game of Red, Yellow and Green
      And the Bar shows its weapon side
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about the Rope
      Then the Bar shows its culprit side

  @SD-BAR-07 @ruling
  Rule: The answer follows from what the player asked has seen: yes when they have seen every clue asked about, and the player asked makes no move for it
    Source: 3. Applying Tile Effects ¶78
    The rulebook forces "no" when a clue was not seen and takes the "yes"
    otherwise for granted: nobody may lie.  So the answer is given by the
    rules, not chosen.

    Example: Yellow has seen the Butler and the Cook
      Given a game of Red, Yellow and Green
      And Yellow has seen the Butler and the Cook
      And Red is alone at the Bar at the end of the round
      When Red asks Yellow about the Butler and the Cook
      Then Yellow answers yes to Red
      And round 2 begins

  @SD-POL-01
  Rule: Detectives on the Police at the end of the round line up in the order they arrived, and each in turn may name, in secret, one culprit and one weapon to check against the tiles under the Police
    Source: 3. Applying Tile Effects ¶80

    Example: Yellow arrived first and reports first
      Given a game of Red, Yellow and Green
      And Yellow and Red are at the Police at the end of the round, in that order
      Then Yellow must report at the Police
      When Yellow passes
      Then Red must report at the Police

    Example: Red may name any culprit and any weapon
      Given a game of Red, Yellow and Green
      And Red is at the Police at the end of the round
      Then Red may name the Gardener and the Poison
      And Red may name the Butler and the Candlestick

  @SD-POL-02 @ruling @model-ring
  Rule: Detectives arriving in the same round line up in the order their cards moved them; those already waiting from an earlier round are ahead of them
    Source: 3. Applying Tile Effects ¶80
    The rulebook lets the earliest arrival go first but does not say how cards played
    at once arrive.  They arrive as they are carried out: Shadowing first,
    then by number.  A detective that leaves the Police gives up its place,
    also for the street (Shadowing, Neighbor Survey); stepping back onto the
    Police after the round, it arrives again, behind those already there.

    Example: Foot Patrol 001 arrives before Police Raid
      Given a game of Red, Yellow and Green
      And Red stands on the Bar
      And Yellow stands on House 3
      And Green stands on House 6
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Police Raid
      When Red plays Police Raid
      Then the detectives at the Police are, in order, Yellow and Red
      And Yellow must report at the Police

    Example: Red steps into the street from the Police and comes back behind Yellow
      Given a game of Red, Yellow and Green
      And Red waits at the Police
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 001 and Green has chosen Dead End
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      Then the detectives at the Police are, in order, Yellow
      And Yellow must report at the Police
      When Yellow passes
      Then round 2 begins
      And the detectives at the Police are, in order, Yellow and Red

    Example: Blue, waiting since an earlier round, stays ahead of Red
      Given a game of 5 players
      And Blue waits at the Police
      And Red stands on House 3
      And Yellow has chosen Dead End, Green has chosen Foot Patrol 003, Blue has chosen Big Move and Purple has chosen Foot Patrol 002
      And Red holds Foot Patrol 001
      When Red plays Foot Patrol 001
      Then the detectives at the Police are, in order, Blue and Red

  @SD-POL-03 @ruling
  Rule: A player who names wrongly is out of the game: the detective leaves the board, the player's hand and played card leave the game, the tiles go back under the Police, and the others play on
    Source: 3. Applying Tile Effects ¶81
    The rulebook says the player and their cards leave the game, and not what becomes of the detective.  We take
    it off the board with its player: a detective nobody plays should not keep another from being alone, stand in
    the line at the Police, or be swapped by Disguise.

    Example: Red names the Butler and the Rope, but the Police hides the Maid and the Rope
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Red played Police Raid, Yellow played Dead End and Green played Foot Patrol 001
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then Red is out of the game
      And Red's detective has left the board
      And 9 action cards are out of the game
      And the Police hides the Maid and the Rope
      And Yellow and Green must choose a card

    Example: Yellow, first in line, names wrongly; Red, next in line, still reports
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Yellow and Red are at the Police at the end of the round, in that order
      When Yellow names the Butler and the Rope
      Then everyone is told that Yellow named wrongly
      And Yellow is out of the game
      And Yellow's detective has left the board
      And the detectives at the Police are, in order, Red
      And Red must report at the Police

  @SD-POL-04
  Rule: A player who names both rightly wins at once, and nobody after them in the line reports
    Source: 3. Applying Tile Effects ¶82

    Example: Yellow is right; Red, next in line, never reports
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Yellow and Red are at the Police at the end of the round, in that order
      When Yellow names the Maid and the Rope
      Then the game is over and Yellow has won
      And nobody may act

  @SD-POL-05 @ruling
  Rule: What a player names stays between that player and the Police: the others learn only whether it was right, and the tiles under the Police are shown to all only when someone wins
    Source: 3. Applying Tile Effects ¶80
    The rulebook has the tokens picked in secret and checked against the
    hidden tiles out of the others' sight.  A wrong guess thus tells the others only that it was
    wrong.  When the game is won we show the case to everyone, as players
    would at the end.

    Example: a wrong report shows nobody else what was named, or the case
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then everyone is told that Red named wrongly
      And only Red's view shows what Red named
      And no view shows what the Police hides

    Example: a right report shows everybody the case
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Maid and the Rope
      Then everyone is told that Red named rightly
      And every view shows that the Police hid the Maid and the Rope

  @SD-POL-06 @ruling
  Rule: A detective on the Police that does not report keeps its place in the line, and may report at the end of a later round if it is still there
    Source: 3. Applying Tile Effects ¶80
    The rulebook says the player "may" try.  One who waits stays on the
    Police, in the place it took; the Police has room for every detective.

    Example: Red waits at the Police
      Given a game of Red, Yellow and Green
      And Red is at the Police at the end of the round
      When Red passes
      Then Red stands on the Police
      And the detectives at the Police are, in order, Red
      And Red is still in the game
      And everyone is told that Red passed at the Police
      And round 2 begins

    Example: Yellow waits ahead of Red: both keep their places, and Red's report comes next
      Given a game of Red, Yellow and Green
      And Yellow and Red are at the Police at the end of the round, in that order
      When Yellow passes
      Then everyone is told that Yellow passed at the Police
      And the detectives at the Police are, in order, Yellow and Red
      And Red must report at the Police

  @SD-POL-07 @ruling
  Rule: The hand of a player out of the game leaves it face down: nobody sees those cards
    Source: 3. Applying Tile Effects ¶81
    The rulebook says only that the cards leave with the player.  The card
    played this round was already face up; the cards still in hand are not
    shown.

    Example: Red's two cards in hand stay unseen
      Given a game of Red, Yellow and Green
      And Red holds Informant and On Wheels
      And Red played Police Raid, Yellow played Dead End and Green played Foot Patrol 001
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then neither Informant nor On Wheels shows in any view
