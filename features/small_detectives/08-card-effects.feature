Feature: Card Effects
  Transcribes the rulebook section "Card Effects": Shadowing, which has
  priority, and the fourteen numbered cards, with the notes on house tiles
  and on detectives standing in the street.  Where a card leaves a choice
  open (how far, where to, with whom) its player makes it when the card
  takes effect, so after the earlier cards have moved the detectives; where
  the rulebook leaves it open, a ruling says so.  Detectives in the street
  stand off the tiles, facing the tile they left.

  @SD-CARD-01
  Rule: Shadowing comes first: its player's detective steps into the street facing its tile, and its player picks another detective still in the game to follow
    Source: Card Effects ¶56-57

    Example: Red follows one of the three others
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 2
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002 and Blue has chosen Dead End
      And Red holds Shadowing
      When Red plays Shadowing
      Then Red stands on the street facing House 2
      And Red must shadow Yellow, Green or Blue

    Example: Red cannot follow herself
      Given a game of Red, Yellow, Green and Blue
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002 and Blue has chosen Dead End
      And Red holds Shadowing
      When Red plays Shadowing
      And Red tries to shadow Red
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a player out of the game cannot be followed
      Given a game of Red, Yellow, Green and Blue
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Shadowing
      And Blue is out of the game
      When Red plays Shadowing
      Then Red must shadow Yellow or Green

  @SD-CARD-02
  Rule: If the detective followed ends the round alone on a house, the Shadowing player sees that clue as well
    Source: Card Effects ¶57

    Example: Yellow ends alone on House 4 and Red sees the Poison with her
      Given a game of Red, Yellow, Green and Blue
      And House 4 hides the Poison
      And Yellow has chosen Foot Patrol 002, Green has chosen Foot Patrol 001 and Blue has chosen Police Raid
      And Red holds Shadowing
      When Red plays Shadowing
      And Red shadows Yellow
      Then Yellow stands on House 4
      And only Red and Yellow have seen the Poison

  @SD-CARD-03 @ruling
  Rule: The Shadowing player sees nothing when the detective followed does not end the round alone on a house
    Source: Card Effects ¶57
    The rulebook gives the look only for a detective alone on a house.  When
    the detective followed shares its house, stands on the Bar or the Police,
    or stands in the street, the Shadowing player learns nothing, and is not
    told why.

    Example: Yellow shares House 4 with Green
      Given a game of Red, Yellow, Green and Blue
      And House 4 hides the Poison
      And Yellow stands on House 3
      And Green stands on House 5
      And Blue stands on House 6
      And Yellow has chosen Foot Patrol 002, Green has chosen Dead End and Blue has chosen Foot Patrol 001
      And Red holds Shadowing
      When Red plays Shadowing
      And Red shadows Yellow
      Then Yellow and Green stand on House 4
      And nobody has seen the Poison

    Example: Yellow ends alone on the Bar
      Given a game of Red, Yellow, Green and Blue
      And Yellow stands on House 5
      And Yellow has chosen Foot Patrol 002, Green has chosen Foot Patrol 001 and Blue has chosen Police Raid
      And Red holds Shadowing
      When Red plays Shadowing
      And Red shadows Yellow
      Then Yellow must ask at the Bar
      And Red has seen nothing

  @SD-CARD-04 @model-ring
  Rule: A Foot Patrol moves its player's detective clockwise by the number of tiles printed on it, the Bar and the Police counting as tiles
    Source: Card Effects ¶58

    Example: three tiles from House 6 pass the Bar and reach House 2
      Given a game of Red, Yellow and Green
      And Red stands on House 6
      And Yellow has chosen Dead End and Green has chosen Police Raid
      And Red holds Foot Patrol 003
      When Red plays Foot Patrol 003
      Then Red stands on House 2

  @SD-CARD-05 @ruling @model-ring
  Rule: Foot Patrol 001 shows one tile, Foot Patrol 002 two, Foot Patrol 003 three and Foot Patrol 004 two
    Source: Card Effects ¶58
    The rulebook says each Foot Patrol moves the number shown on the card, 1,
    2 or 3, without saying which card shows which.  Four cards for three
    numbers: we give the numbers in order and the fourth card two.

    Scenario Outline: <card> takes Red from House 1 to <tile>
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 1
      And Yellow has chosen Dead End, Green has chosen Police Raid and Blue has chosen Informant
      And Red holds <card>
      When Red plays <card>
      Then Red stands on <tile>

      Examples:
        | card            | tile       |
        | Foot Patrol 001 | House 2    |
        | Foot Patrol 002 | House 3    |
        | Foot Patrol 003 | the Police |
        | Foot Patrol 004 | House 3    |

  @SD-CARD-06 @model-ring
  Rule: Dead End moves its player's detective one tile counterclockwise
    Source: Card Effects ¶59

    Example: from the Bar back to House 6
      Given a game of Red, Yellow and Green
      And Red stands on the Bar
      And Yellow stands on House 2
      And Green stands on House 4
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 003
      And Red holds Dead End
      When Red plays Dead End
      Then Red stands on House 6

  @SD-CARD-07 @model-ring
  Rule: Police Raid takes its player's detective straight across the street to the opposite tile
    Source: Card Effects ¶60

    Example: from House 2 to House 5
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 4
      And Green stands on House 6
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Police Raid
      When Red plays Police Raid
      Then Red stands on House 5

  @SD-CARD-08
  Rule: Informant takes its player's detective to the Bar
    Source: Card Effects ¶61

    Example: from House 4 to the Bar
      Given a game of Red, Yellow and Green
      And Red stands on House 4
      And Yellow stands on House 2
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Informant
      When Red plays Informant
      Then Red stands on the Bar

  @SD-CARD-09 @model-ring
  Rule: Unexpected moves its player's detective one, two or three tiles clockwise
    Source: Card Effects ¶62

    Example: Red goes three tiles from House 1 to the Police
      Given a game of 5 players
      And Red stands on House 1
      And Blue stands on House 4
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Unexpected
      When Red plays Unexpected
      And Red moves 3 tiles
      Then Red stands on the Police

  @SD-CARD-10 @ruling
  Rule: The Unexpected player chooses how far, one to three tiles, when the card takes effect
    Source: Card Effects ¶62
    Unlike the Foot Patrols, the rulebook does not tie Unexpected to a number
    shown on it.  Its player decides, and decides late: when its turn comes
    among the numbered cards, after the lower cards have moved the detectives.

    Example: the choice comes after the lower cards have moved
      Given a game of 5 players
      And Blue stands on House 4
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Unexpected
      When Red plays Unexpected
      Then Red must move 1, 2 or 3 tiles
      And Blue stands on the Bar

    Example: four tiles is too far
      Given a game of 5 players
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Unexpected
      When Red plays Unexpected
      And Red tries to move 4 tiles
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @SD-CARD-11
  Rule: On Wheels takes its player's detective straight to a tile of their choice
    Source: Card Effects ¶63

    Example: from House 1 to House 5
      Given a game of Red, Yellow and Green
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds On Wheels
      When Red plays On Wheels
      And Red goes to House 5
      Then Red stands on House 5

  @SD-CARD-12 @ruling
  Rule: The On Wheels player picks any of the seven other tiles when the card takes effect; staying put is not a move
    Source: Card Effects ¶63
    The rulebook lets the player pick the tile without saying whether the tile
    the detective stands on may be picked.  Going means leaving, so it is not.  Every other
    tile is, the Bar and the Police included.

    Example: seven tiles to choose from
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds On Wheels
      When Red plays On Wheels
      Then Red must go to the Bar, House 2, House 3, the Police, House 4, House 5 or House 6

    Example: Red cannot stay on House 1
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds On Wheels
      When Red plays On Wheels
      And Red tries to go to House 1
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @SD-CARD-13 @model-ring
  Rule: Disguise makes its player's detective change places with a detective on an adjacent tile
    Source: Card Effects ¶64

    Example: Red on House 2 and Yellow on House 3 change places
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on the Police
      And Green stands on House 5
      And Yellow has chosen Dead End and Green has chosen Foot Patrol 001
      And Red holds Disguise
      When Red plays Disguise
      And Red swaps places with Yellow
      Then Red stands on House 3
      And Yellow stands on House 2

  @SD-CARD-14 @ruling @model-ring
  Rule: Disguise offers every detective on the two adjacent tiles, its player choosing one; with none there it does nothing, since a detective on the same tile or in the street is not adjacent
    Source: Card Effects ¶64
    The rulebook does not say who picks when two detectives are adjacent, nor
    what happens when none is.  The Disguise player picks; with nobody adjacent
    the card has no effect.  A detective on the same tile is not on an
    adjacent tile, and one in the street is on no tile.

    Example: Green on House 1 and Yellow on House 3 are both next to Red
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on the Police
      And Green stands on House 6
      And Yellow has chosen Dead End and Green has chosen Foot Patrol 002
      And Red holds Disguise
      When Red plays Disguise
      Then Red must swap places with Yellow or Green

    Example: only a detective on the same tile: nothing happens
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 4
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 001 and Green has chosen Police Raid
      And Red holds Disguise
      When Red plays Disguise
      Then Red and Green stand on House 2
      And round 2 begins

    Example: a detective in the street cannot be swapped with
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Blue stands on House 6
      And Yellow has chosen Shadowing, Green has chosen Foot Patrol 001 and Blue has chosen Dead End
      And Red holds Disguise
      When Red plays Disguise
      And Yellow shadows Green
      Then Red stands on House 2
      And Yellow stands on House 3
      And round 2 begins

  @SD-CARD-15
  Rule: Small Move swaps the house tile under its player's detective with an adjacent house tile; the tiles move, the detectives stay where they are
    Source: Card Effects ¶65, ¶67

    Example: the Knife and the Rope change places under Red's feet
      Given a game of 5 players
      And House 1 hides the Knife
      And House 2 hides the Rope
      And Blue stands on House 4
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Small Move
      When Red plays Small Move
      And Red swaps houses with House 2
      Then House 1 hides the Rope
      And House 2 hides the Knife
      And Red stands on House 1
      And only Red has seen the Rope

  @SD-CARD-16 @ruling @model-ring
  Rule: Small Move swaps only with a house, its player choosing which of the adjacent houses; on the Bar or the Police it does nothing
    Source: Card Effects ¶65
    The Bar and the Police are not house tiles, so they are never swapped, and
    a detective on them has no house tile under it to move.  Between two
    adjacent houses the player picks.

    Example: between House 1 and House 3
      Given a game of 5 players
      And Red stands on House 2
      And Yellow stands on House 6
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Small Move
      When Red plays Small Move
      Then Red must swap houses with House 1 or House 3

    Example: next to the Police only House 2 is a house
      Given a game of 5 players
      And Red stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Small Move
      When Red plays Small Move
      Then Red must swap houses with House 2

    Example: on the Bar nothing moves
      Given a game of 5 players
      And Red stands on the Bar
      And House 1 hides the Knife
      And House 6 hides the Rope
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Dead End and Purple has chosen Police Raid
      And Red holds Small Move
      When Red plays Small Move
      Then Red must ask at the Bar
      And House 1 hides the Knife
      And House 6 hides the Rope

  @SD-CARD-17 @model-ring
  Rule: Big Move swaps the house tile under its player's detective with the house tile opposite; the detectives stay where they are
    Source: Card Effects ¶66-67

    Example: House 1 and House 4 change tiles, Purple stays on House 4
      Given a game of 5 players
      And House 1 hides the Knife
      And House 4 hides the Rope
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Big Move
      When Red plays Big Move
      Then House 1 hides the Rope
      And House 4 hides the Knife
      And Red stands on House 1
      And Purple stands on House 4

  @SD-CARD-18 @ruling
  Rule: Big Move does nothing from the Bar or the Police
    Source: Card Effects ¶66
    A detective on the Bar or the Police has no house tile under it, and the
    tile opposite is not a house: the tiles under the Police stay there.

    Example: from the Bar the Police keeps its tiles
      Given a game of 5 players
      And the Police hides the Maid and the Rope
      And Red stands on the Bar
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Dead End and Purple has chosen Police Raid
      And Red holds Big Move
      When Red plays Big Move
      Then Red must ask at the Bar
      And the Police hides the Maid and the Rope

  @SD-CARD-19 @model-ring
  Rule: Neighbor Survey steps its player's detective into the street facing its tile, and its player looks under every neighbouring house on which no detective stands
    Source: Card Effects ¶68

    Example: House 1 is free and seen, House 3 has Yellow on it and is not
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on the Police
      And Green stands on House 5
      And House 1 hides the Cook
      And House 3 hides the Knife
      And Yellow has chosen Dead End and Green has chosen Foot Patrol 001
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      Then only Red has seen the Cook
      And only Yellow has seen the Knife

  @SD-CARD-20 @ruling @model-ring
  Rule: The Survey looks when its card takes effect, after every lower card has moved, at adjacent houses only, and a detective in the street does not hide a house from it
    Source: Card Effects ¶68, ¶70
    The rulebook does not say when the houses are checked for detectives.  The
    card takes effect at its number, 013, so the detectives are where the lower
    cards left them.  The look is given to the player without a move: looking
    costs nothing.  The Bar and the Police hide no clue.

    Example: Yellow has left House 3 by the time the Survey looks
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And House 1 hides the Cook
      And House 3 hides the Knife
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      Then Red has seen the Cook and the Knife

    Example: Yellow in the street facing House 3 does not hide it
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Blue stands on House 6
      And House 3 hides the Knife
      And Yellow has chosen Shadowing, Green has chosen Foot Patrol 001 and Blue has chosen Dead End
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      And Yellow shadows Green
      Then only Red has seen the Knife

  @SD-CARD-21
  Rule: Telephone Call swaps two of the cards played this round, which changes who receives them next round
    Source: Card Effects ¶69

    Example: Red takes the Foot Patrol 003 Blue played by swapping it in front of Purple
      Given a game of 5 players
      And Blue stands on House 6
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Telephone Call
      When Red plays Telephone Call
      And Red swaps the cards of Blue and Purple
      Then Red holds Foot Patrol 003
      And Purple holds Dead End
      And Yellow holds Telephone Call

  @SD-CARD-22 @ruling
  Rule: Telephone Call must swap the cards of two different players still in the game, its own card included, and changes no effect already carried out
    Source: Card Effects ¶69
    The rulebook speaks of two of the cards in play this round.  We read: any two, the
    Telephone Call itself included, from two different players; the swap is
    not optional.  Telephone Call has the highest number, so every other card
    has taken effect when it swaps: only who receives which card changes.

    Example: Red swaps her own card with Purple's and gets it back
      Given a game of 5 players
      And Blue stands on House 6
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Telephone Call
      When Red plays Telephone Call
      And Red swaps the cards of Red and Purple
      Then Red holds Telephone Call
      And Yellow holds Dead End
      And Purple stands on House 4

    Example: a card cannot be swapped with itself
      Given a game of 5 players
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Telephone Call
      When Red plays Telephone Call
      And Red tries to swap the cards of Blue and Blue
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the swap cannot be skipped
      Given a game of 5 players
      And Yellow has chosen Foot Patrol 001, Green has chosen Foot Patrol 002, Blue has chosen Foot Patrol 003 and Purple has chosen Dead End
      And Red holds Telephone Call
      When Red plays Telephone Call
      Then Red must swap the cards of two players

  @SD-CARD-23
  Rule: A detective in the street, after Shadowing or Neighbor Survey, is on no tile, so it does not keep another detective from being alone there
    Source: Card Effects ¶70

    Example: Yellow is alone on House 2 while Red surveys from the street in front of it
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 1
      And Green stands on House 5
      And House 2 hides the Gardener
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      Then Red stands on the street facing House 2
      And Yellow stands on House 2
      And only Yellow has seen the Gardener

    Example: Yellow is alone on the Bar while Red surveys from the street in front of it
      Given a game of Red, Yellow and Green
      And Red stands on the Bar
      And Yellow stands on House 6
      And Green stands on House 3
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Neighbor Survey
      When Red plays Neighbor Survey
      Then Red stands on the street facing the Bar
      And Yellow must ask at the Bar

    Example: Green is alone on House 1 while Red shadows from the street in front of it
      Given a game of Red, Yellow, Green and Blue
      And Red stands on House 1
      And House 1 hides the Cook
      And Yellow has chosen Foot Patrol 001, Green has chosen Police Raid and Blue has chosen Dead End
      And Red holds Shadowing
      When Red plays Shadowing
      And Red shadows Yellow
      Then Green stands on House 1
      And only Green has seen the Cook

  @SD-CARD-24 @ruling
  Rule: A card's effect is not optional: its player carries it out, and chooses only among what the card offers
    The card texts are written as orders (move, go, swap, designate) and only Neighbor Survey and the tiles say
    "may"; the rulebook never says a played card may be left unused.  So a played card always takes effect: where
    it leaves a choice (how far, where to, whom), its player picks one of its outcomes, and passing is not one.
    Source: Card Effects ¶57-69

    Example: Red may not pass up Unexpected
      Given a game of Red, Yellow and Green
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Unexpected
      When Red plays Unexpected
      And Red tries to pass
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: Red may not pass up On Wheels
      Given a game of Red, Yellow and Green
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds On Wheels
      When Red plays On Wheels
      And Red tries to pass
      Then the action is rejected as illegal_action
      And the game is exactly as it was
