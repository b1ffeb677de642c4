Feature: Setup
  Transcribes the rulebook section "Setup", steps 1 to 8 and its note: the
  street in the middle, the Bar and the Police facing each other, a culprit
  and a weapon hidden under the Police, the six other house tiles round the
  street, the clue tokens beside the Bar, the detectives on their starting
  tiles, the deck trimmed to the number of players and the deal.  The
  pictures the rulebook relies on (where the tiles lie, where the detectives
  start, which cards carry a player-count mark) are modelled as data and
  stated here as rulings; an implementation with another model may decline
  the tags model-ring, model-start or model-marks.

  @SD-SET-01 @ruling @model-ring
  Rule: Eight tiles ring the street; clockwise from the Bar they are House 1, House 2, House 3, the Police, House 4, House 5 and House 6, so the Bar faces the Police and each house faces the house three places on
    Source: Setup ¶30-31, ¶33
    The rulebook shows the layout in a picture and says only that the Bar and
    the Police lie on opposite sides.  Six houses split three and three fit
    that.  The names belong to the places, not to the tiles: a house tile
    moved by Small Move or Big Move takes the name of its new place.  Two
    tiles are adjacent when they are next to each other in the ring; the tile
    opposite a tile is four places away, on the other side of the street.

    Example: the Police is opposite the Bar
      Given a game of Red, Yellow and Green
      And Red stands on the Bar
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Police Raid
      When Red plays Police Raid
      Then Red stands on the Police

    Example: House 6 is opposite House 3
      Given a game of Red, Yellow and Green
      And Red stands on House 3
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Police Raid
      When Red plays Police Raid
      Then Red stands on House 6

    Example: three tiles clockwise from House 3 is House 5, past the Police
      Given a game of Red, Yellow and Green
      And Red stands on House 3
      And Yellow has chosen Dead End and Green has chosen Foot Patrol 002
      And Red holds Foot Patrol 003
      When Red plays Foot Patrol 003
      Then Red stands on House 5

    Example: one tile counterclockwise from House 1 is the Bar
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow has chosen Foot Patrol 001 and Green has chosen Foot Patrol 002
      And Red holds Dead End
      When Red plays Dead End
      Then Red stands on the Bar

  @SD-SET-02 @setup
  Rule: Chance hides one culprit tile and one weapon tile, house side up, under the Police, and nobody may look at them
    Source: Setup ¶32

    Example: any culprit with any weapon, all equally likely
      Given a new game of Red, Yellow and Green
      Then chance must act
      And chance has 16 equally likely outcomes

    Example: a player cannot choose the case
      Given a new game of Red, Yellow and Green
      When Red tries to play Dead End
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

    Example: once hidden, no view shows them
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      Then the Police hides the Maid and the Rope
      And no view shows what the Police hides

  @SD-SET-03 @setup
  Rule: The six other house tiles are shuffled and laid house side up round the street, one on each house place
    Source: Setup ¶33

    Example: the first house may get any of the six tiles left
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      Then chance has 6 equally likely outcomes

    Example: a tile under the Police cannot also lie round the street
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      And chance tries to lay the Rope on House 1
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: after the Knife, five tiles are left for the next house
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      And chance lays the Knife on House 1
      Then House 1 hides the Knife
      And chance has 5 equally likely outcomes

    Example: the Knife laid on House 1 shows nowhere, as it is laid
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      And chance lays the Knife on House 1
      Then no view shows what the houses hide

    Example: the laid houses show nobody their clue
      Given a game of Red, Yellow and Green
      Then no view shows what the houses hide

  @SD-SET-04 @ruling @setup
  Rule: Chance sets up in a fixed order: the Police first, then House 1 to House 6, then the deal, one card at a time, clockwise from the first player listed
    Source: Setup ¶32-33, ¶41
    The rulebook says to shuffle and deal.  Laying and dealing one tile or card
    at a time, with the place or the player public and the tile or card a
    chance outcome, lets a driver choose any set-up while the players learn
    nothing they would not see at a table.

    Example: the houses are laid in order
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      Then the next house tile is laid on House 1
      When chance lays the Knife on House 1
      Then the next house tile is laid on House 2

    Example: the deal goes round clockwise
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      And chance lays the Butler on House 1
      And chance lays the Cook on House 2
      And chance lays the Gardener on House 3
      And chance lays the Candlestick on House 4
      And chance lays the Knife on House 5
      And chance lays the Poison on House 6
      Then the next card is dealt to Red
      When chance deals Dead End
      Then the next card is dealt to Yellow
      And Red holds Dead End

    Example: the card dealt to Red is told to her alone, as it is dealt
      Given a new game of Red, Yellow and Green
      When chance hides the Maid and the Rope under the Police
      And chance lays the Butler on House 1
      And chance lays the Cook on House 2
      And chance lays the Gardener on House 3
      And chance lays the Candlestick on House 4
      And chance lays the Knife on House 5
      And chance lays the Poison on House 6
      And chance deals Dead End
      Then nobody but Red knows Dead End

  @SD-SET-05 @ruling
  Rule: The clue tokens are a common supply beside the Bar: asking or naming with them never uses them up, and every culprit and weapon can always be named
    Source: Setup ¶34
    The rulebook puts the tokens in two piles beside the Bar and uses them to
    ask at the Bar and to name at the Police.  It never says they run out, so
    a token used once can be used again, even in the same round.

    Example: the Butler asked about at the Bar can be named at the Police in the same round
      Given a game of Red, Yellow and Green
      And Red is alone at the Bar at the end of the round
      And Green is at the Police at the end of the round
      When Red asks Yellow about the Butler
      And Green names the Butler and the Knife
      Then the action is accepted

  @SD-SET-06 @ruling @model-start @setup
  Rule: Each detective starts on the tile the picture gives for the number of players
    Source: Setup ¶35
    The rulebook shows the starting tiles in a picture per player count.  Our
    model, players taken in seat order: two players on House 1 and House 4;
    three on House 1, House 3 and House 5; four on House 1, House 3, House 4
    and House 6; five on House 1 to House 5.  Nobody starts on the Bar or the
    Police.

    Scenario Outline: <n> players start on <tiles>
      Given a game of <n> players
      Then the detectives stand, in seat order, on <tiles>

      Examples:
        | n | tiles                                          |
        | 3 | House 1, House 3 and House 5                   |
        | 4 | House 1, House 3, House 4 and House 6          |
        | 5 | House 1, House 2, House 3, House 4 and House 5 |

    @players-2
    Example: two players start on House 1 and House 4
      Given a game of 2 players
      Then the detectives stand, in seat order, on House 1 and House 4

  @SD-SET-07 @setup
  Rule: The deck is trimmed to the number of players: five use every card, four put the 5+ cards away, three also the 4+ cards, two also the 3+ cards
    Source: Setup ¶36-40

    Scenario Outline: <n> players play with <cards> cards
      Given a game of <n> players
      Then <cards> action cards are in play
      And <out> action cards are out of the game

      Examples:
        | n | cards | out |
        | 3 | 9     | 6   |
        | 4 | 12    | 3   |
        | 5 | 15    | 0   |

    @players-2
    Example: two players play with 8 cards
      Given a game of 2 players
      Then 8 action cards are in play
      And 7 action cards are out of the game

  @SD-SET-08 @ruling @model-marks @setup
  Rule: Disguise is marked 3+; Shadowing, Foot Patrol 004 and Unexpected are marked 4+; Small Move, Big Move and Telephone Call are marked 5+; the other eight cards carry no mark
    Source: Setup ¶36-40
    The marks are printed on the cards, which the rulebook does not show.  The
    counts follow from the deal (every card in play is dealt, three a player,
    four with two players): 8 unmarked, one 3+, three 4+ and three 5+.  Which
    cards they are is our choice: the two-player deck keeps the plain moves,
    the Informant, On Wheels and Neighbor Survey.

    Scenario Outline: <n> players leave out <out>
      Given a game of <n> players
      Then the cards out of the game are <out>

      Examples:
        | n | out                                                                                  |
        | 4 | Small Move, Big Move and Telephone Call                                              |
        | 3 | Shadowing, Foot Patrol 004, Unexpected, Small Move, Big Move and Telephone Call      |

    @players-2
    Example: two players leave out every marked card
      Given a game of 2 players
      Then the cards out of the game are Shadowing, Foot Patrol 004, Unexpected, Disguise, Small Move, Big Move and Telephone Call

  @SD-SET-09 @setup
  Rule: Every card in play is dealt, three to each player or four each with two players, and each player sees only their own hand
    Source: Setup ¶41-42

    Scenario Outline: <n> players hold <each> cards each
      Given a game of <n> players
      Then each player holds <each> cards

      Examples:
        | n | each |
        | 3 | 3    |
        | 4 | 3    |
        | 5 | 3    |

    @players-2
    Example: two players hold 4 cards each
      Given a game of 2 players
      Then each player holds 4 cards

    Example: nobody sees another player's hand
      Given a game of Red, Yellow and Green
      And Yellow holds Police Raid
      Then only Yellow's view shows Yellow's hand

  @SD-SET-10
  Rule: The game is for two to five players
    Source: Setup ¶35

    @setup
    Example: one detective alone cannot play
      When a new game of Red is requested
      Then the request is refused as bad_request

    @setup
    Example: six players are refused
      When a new game of 6 players is requested
      Then the request is refused as bad_request

    @players-2
    Example: two players can play
      Given a game of Red and Yellow
      Then Red and Yellow must choose two cards

  @SD-SET-11 @ruling @setup
  Rule: The Bar is laid with its culprit side up
    Source: Setup ¶31
    The Bar has a culprit side and a weapon side (SD-BAR-01 asks about the kind
    it shows, SD-BAR-06 turns it over).  The rulebook does not say which side
    starts up; we start with the culprits.

    Example: the first question at the Bar is about culprits
      Given a game of 3 players
      Then the Bar shows its culprit side
