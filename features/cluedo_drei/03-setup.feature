Feature: Setup
  Transcribes the rulebook section "Setup", steps 1 to 5: pawns on their
  start spaces and markers beside the board, the case file drawn blind, the
  even deal with the surplus face up, the notepad, the Advantage stack.
  Choosing an investigator is CD-CMP-03; the investigator card laid Post-it
  side up in front of each player changes no rule and is not modelled.

  @CD-SET-01 @setup
  Rule: The case file is filled before anything else, blind, and no player may see it
    Source: Setup ¶42
    Example: nobody's view shows the case file
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      When the case file is filled with Mr. Grey, the golden belt and the Highschool
      Then no view shows the case file

    Example: a player cannot deal or fill the case file: the set-up is chance's
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas tries to send {"type": "fill_case_file", "suspect": "Mr. Grey", "item": "golden belt", "location": "Highschool"}
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @CD-SET-02 @setup
  Rule: The other clue cards are dealt so that every player holds as many as every other, and what is left over lies face up for all
    Source: Setup ¶43
    See also: CD-QUE-07, CD-SET-08, CD-DUE-01
    Scenario Outline: <players> players hold <each> cards each and <surplus> lie face up
      Given a game of <n> investigators
      Then each player holds <each> cards
      And <surplus> cards lie face up beside the board

      Examples:
        | players | n | each | surplus |
        | three   | 3 | 6    | 0       |
        | four    | 4 | 4    | 2       |
        | five    | 5 | 3    | 3       |
        | six     | 6 | 3    | 0       |

    Example: the surplus can be seen by every player and by a spectator
      Given a game of Justus Jonas, Peter Shaw, Bob Andrews and Uncle Titus
      And Palisades Park lies face up beside the board
      Then every view shows Palisades Park face up beside the board

  @CD-SET-03 @ruling @setup
  Rule: The deal goes one card at a time, clockwise from the first player seated, and everybody can see whose turn it is to receive
    Source: Setup ¶43
    The rulebook says only "deal face down".  Dealing card by card, the
    recipient public and the card a chance outcome, lets a driver choose any
    deal while the order of the shuffled stack stays unknown to the players.

    Example: the first three cards go to the first, second and third player
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      When the case file is filled with Mr. Grey, the golden belt and the Highschool
      Then the next card is dealt to Justus Jonas
      When Brittany is dealt
      Then the next card is dealt to Peter Shaw
      And Justus Jonas holds Brittany

    Example: the card dealt to Justus is told to him alone, as it is dealt
      Given a new game of Justus Jonas, Peter Shaw and Bob Andrews
      When the case file is filled with Mr. Grey, the golden belt and the Highschool
      And Brittany is dealt
      Then nobody but Justus Jonas knows Brittany

  @CD-SET-04 @model-board @setup
  Rule: Each pawn starts on the start space of its investigator
    Source: Setup ¶41
    Scenario Outline: <investigator> begins on his or her own start space
      Given a game of 6 investigators
      Then <investigator> stands on the start space of <investigator>

      Examples:
        | investigator    |
        | Justus Jonas    |
        | Peter Shaw      |
        | Bob Andrews     |
        | Uncle Titus     |
        | Aunt Mathilda   |
        | Inspector Cotta |

  @CD-SET-05 @setup @model-markers
  Rule: The suspect and item markers start beside the board, on no location
    Source: Components ¶26-27; Setup ¶41
    Example: all twelve markers are beside the board
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      Then the marker of Victor Hugenay stands beside the board
      And the marker of the painting stands beside the board
      And every marker stands beside the board

  @CD-SET-06 @setup
  Rule: A game is played with the Advantage stack unless the players put the cards away
    Source: Setup ¶45
    Example: a game without Advantage cards has no stack
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      Then there are no Advantage cards in the game

    Example: by default the 13 cards are in play
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      Then the Advantage stack holds 13 cards

  @CD-SET-07 @setup
  Rule: Options the game does not know are refused, and an unknown variant is unsupported
    Source: Setup ¶41, ¶45
    Example: an unknown variant
      When a new game is requested with the variant "speed"
      Then the request is refused as unsupported

    Example: an unknown option
      When a new game is requested with the option "speed"
      Then the request is refused as bad_request

  @CD-SET-08 @ruling @optional @setup
  Rule: Two players who ask for the standard game play it: nine cards each, nothing beside the board, and the Advantage cards in play
    Source: Cluedo Duel for 2 Players or Teams ¶94
    See also: CD-DUE-08
    The rulebook gives two players or teams the Duel, and a game of two is a
    Duel unless the players say otherwise (CD-DUE-08).  Nothing in the basic
    rules breaks with two players, so we allow the standard game of two as a
    variant when it is asked for by name (the variant "classic"); the 18
    cards then split nine and nine.  An implementation may decline it.

    Example: a standard game of two deals nine cards each
      Given a standard game of Justus Jonas and Peter Shaw
      Then each player holds 9 cards
      And 0 cards lie face up beside the board
      And 0 cards lie face down beside the board
      And the Advantage stack holds 13 cards

  @CD-SET-09 @ruling @setup
  Rule: Only the pawns of the investigators chosen take part; the others stay off the board
    Source: Setup ¶41
    The text puts the pawns on their start spaces and lets each player choose an investigator, without saying
    what becomes of the pawns nobody chose.  Since markers, not pawns, stand for the suspects, an unchosen pawn
    has no part to play: it stays in the box, and no view shows it.

    Example: in a game of three, three pawns stand on the board
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      Then only the pawns of Justus Jonas, Peter Shaw and Bob Andrews stand on the board
