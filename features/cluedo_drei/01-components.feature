Feature: Components
  Transcribes the rulebook section "Components" (cluedo-drei.en.txt): the
  board, the pawns, the two dice, the case file, the notepad, the Advantage
  cards and the clue cards.  Facts the rulebook leaves to its pictures (the
  board's paths, the dice's faces, the Advantage cards' texts) are our model,
  each stated below as a ruling.

  @CD-CMP-01
  Rule: The clue cards are 21: six suspects, six items and nine locations, and none is ever lost
    Source: Components ¶23, ¶25; The Investigation ¶34-39
    Example: after the deal every clue card is in the case file, in a hand or face up
      Given a game of Justus Jonas, Peter Shaw, Bob Andrews and Uncle Titus
      Then there are 21 clue cards: 6 suspects, 6 items and 9 locations

    Example: a game whose state has lost a clue card cannot be loaded
      Given a game of Justus Jonas, Peter Shaw, Bob Andrews and Uncle Titus
      When a copy of the game without Mr. Grey is loaded
      Then the request is refused as bad_request

  @CD-CMP-02 @ruling
  Rule: The Headquarters in the middle of the board is a place on the board but not a clue card
    Source: Making an Accusation ¶79
    The rulebook lists nine clue locations and sends accusers to the
    Headquarters; it never asks about the Headquarters.  So nobody can hold it,
    name it in a question or accuse it as the hiding place.

    Example: the Headquarters cannot be named as the hiding place
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas has just entered the Headquarters
      When Justus Jonas tries to accuse Brittany, the painting and the Headquarters
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-CMP-03 @setup
  Rule: Two to six players take part, each playing a different one of the six investigators
    Source: Components ¶18, ¶24; Setup ¶41
    Example: seven investigators cannot be seated
      When a new game is requested for 7 players
      Then the request is refused as bad_request

    Example: one player alone cannot play
      When a new game is requested for 1 player
      Then the request is refused as bad_request

    Example: nobody plays an investigator twice
      When a new game is requested for Justus Jonas and Justus Jonas
      Then the request is refused as bad_request

    Example: a name that is not one of the six investigators is refused
      When a new game is requested for Justus Jonas and Skinner Norris
      Then the request is refused as bad_request

  @CD-CMP-04 @ruling @model-board
  Rule: Our board is a ring road of 36 path spaces with every clue location's door on it, four steps apart, and a start space beside the ring for each investigator
    Source: Components ¶17
    The rulebook gives the board only as a picture.  We model it as a graph
    (rules.py, DOORS and START_SPACES): "Ring 1" to "Ring 36" clockwise;
    the doors of Bibliothek, Highschool, Memorial Hospital, Marios Eispalast,
    Art Gallery Hall, Palisades Park, Strand, Friedhof and Altes Stadttheater
    open onto Ring 1, 5, 9, 13, 17, 21, 25, 29 and 33; the start spaces of
    Justus Jonas, Peter Shaw, Bob Andrews, Uncle Titus, Aunt Mathilda and
    Inspector Cotta join Ring 7, 11, 19, 23, 31 and 35.  So from every start
    space the two nearest locations are four steps away.

    Scenario Outline: from <investigator>'s start space a roll of four reaches two locations
      Given a game of Justus Jonas, Peter Shaw, Bob Andrews, Uncle Titus, Aunt Mathilda and Inspector Cotta
      And it is <investigator>'s turn
      When <investigator> rolls 2 and 2
      Then <investigator> may move to <one>
      And <investigator> may move to <other>

      Examples:
        | investigator    | one                | other              |
        | Justus Jonas    | Highschool         | Memorial Hospital  |
        | Peter Shaw      | Memorial Hospital  | Marios Eispalast   |
        | Bob Andrews     | Art Gallery Hall   | Palisades Park     |
        | Uncle Titus     | Palisades Park     | Strand             |
        | Aunt Mathilda   | Friedhof           | Altes Stadttheater |
        | Inspector Cotta | Altes Stadttheater | Bibliothek         |

    Example: Inspector Cotta's start space is three steps from Ring 1, past the ring's last space, and four from the Bibliothek
      Given a game of Justus Jonas, Peter Shaw and Inspector Cotta without Advantage cards
      And it is Inspector Cotta's turn
      When Inspector Cotta rolls ? and 2
      Then Inspector Cotta may move to Ring 1
      And Inspector Cotta may not move to Bibliothek

  @CD-CMP-05 @ruling @model-board
  Rule: Three lanes of three path spaces lead from the ring to the three doors of the Headquarters
    Source: Components ¶17
    The rulebook only says the Headquarters is in the middle.  Our lanes A, B
    and C leave the ring at Ring 3, Ring 15 and Ring 27; "Lane A3", "Lane B3"
    and "Lane C3" lie at the Headquarters' doors.  So from the Strand the
    Headquarters is seven steps away.

    Example: from the Strand a roll of seven reaches the Headquarters, a roll of six does not
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands in the Strand
      When Justus Jonas rolls 3 and 4
      Then Justus Jonas may move to the Headquarters

    Example: six is one short
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands in the Strand
      When Justus Jonas rolls 3 and 3
      Then Justus Jonas may not move to the Headquarters

    Scenario Outline: lane <lane> leaves the ring at <ring>: its three spaces and the door are four steps
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands on <ring>
      When Justus Jonas rolls 2 and 2
      Then Justus Jonas may move to the Headquarters
      And Justus Jonas may move to Lane <lane>2

      Examples:
        | lane | ring    |
        | A    | Ring 3  |
        | B    | Ring 15 |
        | C    | Ring 27 |

  @CD-CMP-06 @ruling @model-board
  Rule: The black Advantage spaces are Ring 12, Ring 24, Ring 36 and Lane B2
    Source: Turn Sequence ¶59
    The rulebook shows them only on the board's picture; we chose four,
    spread round the board, one on a lane to the Headquarters.

    Example: Ring 12 is an Advantage space two steps from Peter Shaw's start
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls 4 and 5
      And Peter Shaw moves to Ring 12
      Then an Advantage card must be drawn for Peter Shaw

    Scenario Outline: <space> is an Advantage space: one step into a roll of four stops there and draws
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands on <from>
      When Justus Jonas rolls 2 and 2
      And Justus Jonas moves to <space>
      Then an Advantage card must be drawn for Justus Jonas

      Examples:
        | space   | from    |
        | Ring 12 | Ring 11 |
        | Ring 24 | Ring 23 |
        | Ring 36 | Ring 35 |
        | Lane B2 | Lane B1 |

    Example: one step into a roll of four ends on no other path space
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands on Ring 10
      When Justus Jonas rolls 2 and 2
      Then Justus Jonas may not move to Ring 11

  @CD-CMP-07 @ruling
  Rule: Each die shows a question mark instead of the one, and the question mark counts one pip
    Source: Components ¶19; Turn Sequence ¶55
    The rulebook names the question-mark face but not which face it replaces
    or what it is worth.  We take a die with faces ?, 2, 3, 4, 5 and 6, the
    question mark worth one pip, so the two dice still sum to 2 to 12.

    Example: a question mark and a four make five
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      When Justus Jonas rolls ? and 4
      Then the roll counts 5 pips

    Example: no die shows a one
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      When Justus Jonas rolls the dice
      Then each die can show only ?, 2, 3, 4, 5 and 6

  @CD-CMP-08 @ruling
  Rule: The 13 Advantage cards are six taxis, three calls to the Headquarters and four tip-offs
    Source: Components ¶22
    The rulebook does not print the cards' texts.  We keep three simple kinds:
    a taxi takes you at once into any other clue location, where you question;
    a call takes you at once into the Headquarters, where you may accuse; a
    tip-off makes a fellow player of your choice show you one clue card of
    theirs.  See "Advantage cards" for how they are played.

    Example: a fresh stack holds 13 cards of three kinds
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      Then the Advantage stack holds 6 taxi, 3 headquarters and 4 tip-off cards
